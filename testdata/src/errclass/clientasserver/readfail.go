package clientasserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// sniff reads the body to look for the "jsonrpc" member before passing it
// on; the read fails only when the client went away or sent too much.
func sniff(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError) // want `answers HTTP 500 when reading the request body fails, the client's fault`
		return
	}
	if !bytes.Contains(raw, []byte("jsonrpc")) {
		http.Error(w, "not JSON-RPC", http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
}

// upload is a REST route: nothing in it is MCP's, so its 500 is not judged.
func upload(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	_ = raw
}

// fetched reads an upstream's answer, which is no client's.
func fetched(w http.ResponseWriter, resp *http.Response) {
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		http.Error(w, "upstream read failed; jsonrpc relay", http.StatusBadGateway)
		return
	}
	_ = raw
}

// writeRPCError writes a JSON-RPC error object, always with 200.
func writeRPCError(w http.ResponseWriter, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": message}})
}

// forward reads the client's body to send it upstream; a failed read is the
// client's (400), not the server's -32603.
func forward(w http.ResponseWriter, r *http.Request, upstream string) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeRPCError(w, -32603, "failed to read request") // want `answers -32603 \(Internal error\) when reading the request body fails, the client's fault`
		return
	}
	resp, err := http.Post(upstream, "application/json", bytes.NewReader(raw))
	if err != nil {
		writeRPCError(w, -32603, "upstream unreachable") // want `answers -32603 with HTTP 200 when the request upstream fails`
		return
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(resp.Body)
	if err != nil {
		writeRPCError(w, -32603, "upstream reply unreadable") // want `answers -32603 with HTTP 200 when the request upstream fails`
		return
	}
	w.Write(reply)
}
