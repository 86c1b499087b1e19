// Package built: a gateway that turns a REST call into a JSON-RPC request
// it builds itself and serves through its own forwarding handler. The
// forwarder's decode fails only on bytes the gateway marshalled, never on
// a client's: silent. The same decode in a handler registered on the mux
// reads the client's body: reported.
package built

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type call struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": rpcError{Code: code, Message: msg}})
}

// forward decodes the request it is handed and relays it upstream.
func forward(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, -32700, "Parse error")
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// toolShortcut answers POST /tools/NAME by building the JSON-RPC call.
func toolShortcut(w http.ResponseWriter, r *http.Request) {
	payload, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": r.PathValue("name")}})
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, "/mcp", bytes.NewReader(payload))
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	forward(w, req)
}

// relay is handed a request built on the client's own body: its decode
// fails on the client's bytes.
func relay(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, -32700, "Parse error") // want `answers -32700 \(Parse error\) to every failure of a typed decode`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func relayClient(w http.ResponseWriter, r *http.Request) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, "/mcp", r.Body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	relay(w, req)
}

// serve is registered on the mux: any client reaches its decode.
func serve(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, -32700, "Parse error") // want `answers -32700 \(Parse error\) to every failure of a typed decode`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", serve)
	mux.HandleFunc("POST /tools/{name}", toolShortcut)
	mux.HandleFunc("POST /relay", relayClient)
}

// toolClone serves the same shortcut through a clone of the client's
// request given the gateway's own payload.
func toolClone(w http.ResponseWriter, r *http.Request) {
	payload, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	req := r.Clone(r.Context())
	req.Body = io.NopCloser(bytes.NewReader(payload))
	forwardClone(w, req)
}

func forwardClone(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, -32700, "Parse error")
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// keepClone clones the client's request and keeps its body.
func keepClone(w http.ResponseWriter, r *http.Request) {
	req := r.Clone(r.Context())
	forwardKept(w, req)
}

func forwardKept(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, -32700, "Parse error") // want `answers -32700 \(Parse error\) to every failure of a typed decode`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func MoreRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /clone/{name}", toolClone)
	mux.HandleFunc("POST /keep", keepClone)
}
