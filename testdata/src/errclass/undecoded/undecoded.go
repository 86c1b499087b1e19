// Package undecoded: a gateway answers a body that does not decode with its
// own server-defined code, -32004, through a writer that never sets a
// status: HTTP 200 for bytes the protocol refuses 400 with -32700. The
// same code for an upstream answer that does not decode is the gateway's
// own failure, not the client's, and a 400 refusal is right whatever its
// code.
package undecoded

import (
	"encoding/json"
	"io"
	"net/http"
)

const codeUpstream = -32004

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

type gateway struct{ upstream string }

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeRPCError(w, nil, codeUpstream, "bad request body") // want `answers -32004 with HTTP 200 to a body that does not decode`
		return
	}
	resp, err := http.Post(g.upstream, "application/json", nil)
	if err != nil {
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		writeRPCError(w, req.ID, codeUpstream, "upstream answer unreadable")
		return
	}
	_ = json.NewEncoder(w).Encode(out)
}

func (g *gateway) serveRead(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		return
	}
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		writeRPCError(w, nil, codeUpstream, "bad request body") // want `answers -32004 with HTTP 200 to a body that does not decode`
		return
	}
}

func (g *gateway) serveRight(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeRPCError(w, nil, -32000, "bad request body")
		return
	}
}

func routes(g *gateway) {
	http.HandleFunc("/mcp", g.serve)
	http.HandleFunc("/read/mcp", g.serveRead)
	http.HandleFunc("/right/mcp", g.serveRight)
}
