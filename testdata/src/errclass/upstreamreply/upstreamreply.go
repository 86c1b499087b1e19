// Package upstreamreply: a gateway that decodes what its upstream answered.
// Those bytes are the upstream's: when they do not read or parse, the
// failure is on the server's side, whatever -32700 or 400 says.
package upstreamreply

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
}

type gateway struct {
	client  *http.Client
	backend string
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (g *gateway) forward(w http.ResponseWriter, r *http.Request) ([]byte, *http.Response, bool) {
	in, err := io.ReadAll(r.Body)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32000, "unreadable body")
		return nil, nil, false
	}
	if !json.Valid(in) {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error")
		return nil, nil, false
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.backend, bytes.NewReader(in))
	if err != nil {
		writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
		return nil, nil, false
	}
	resp, err := g.client.Do(req)
	if err != nil {
		writeRPCError(w, http.StatusBadGateway, -32603, "upstream unreachable")
		return nil, nil, false
	}
	return in, resp, true
}

// relayUnmarshal reads the upstream's answer and decodes it; its
// undecodable reply is answered as the client's parse error.
func (g *gateway) relayUnmarshal(w http.ResponseWriter, r *http.Request) {
	_, resp, ok := g.forward(w, r)
	if !ok {
		return
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		writeRPCError(w, http.StatusBadGateway, -32603, "reading the upstream's answer")
		return
	}
	var out reply
	if err := json.Unmarshal(raw, &out); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error") // want `answers 400 with -32700 \(Parse error\) when the upstream's reply fails json.Unmarshal, not the client's bytes: answer 502`
		return
	}
	json.NewEncoder(w).Encode(out)
}

// relayDecoder decodes the upstream's stream in place.
func (g *gateway) relayDecoder(w http.ResponseWriter, r *http.Request) {
	_, resp, ok := g.forward(w, r)
	if !ok {
		return
	}
	defer resp.Body.Close()
	var out reply
	dec := json.NewDecoder(resp.Body)
	if err := dec.Decode(&out); err != nil {
		http.Error(w, "invalid JSON", http.StatusBadRequest) // want `answers 400 when the upstream's reply fails \(\*json.Decoder\).Decode`
		return
	}
	json.NewEncoder(w).Encode(out)
}

// relayRead fails to read the upstream's answer and blames the client.
func (g *gateway) relayRead(w http.ResponseWriter, r *http.Request) {
	_, resp, ok := g.forward(w, r)
	if !ok {
		return
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error") // want `when the upstream's reply fails io.ReadAll`
		return
	}
	w.Write(raw)
}

// relayOK answers the upstream's bad bytes as the gateway's failure.
func (g *gateway) relayOK(w http.ResponseWriter, r *http.Request) {
	_, resp, ok := g.forward(w, r)
	if !ok {
		return
	}
	defer resp.Body.Close()
	var out reply
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		writeRPCError(w, http.StatusBadGateway, -32603, "the upstream's answer is not JSON-RPC")
		return
	}
	json.NewEncoder(w).Encode(out)
}

// ownBody decodes the client's own bytes: -32700 with 400 is right.
func (g *gateway) ownBody(w http.ResponseWriter, r *http.Request) {
	var in map[string]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
}

func (g *gateway) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", g.relayUnmarshal)
	mux.HandleFunc("POST /mcp/stream", g.relayDecoder)
	mux.HandleFunc("POST /mcp/raw", g.relayRead)
	mux.HandleFunc("POST /mcp/ok", g.relayOK)
	mux.HandleFunc("POST /mcp/own", g.ownBody)
}
