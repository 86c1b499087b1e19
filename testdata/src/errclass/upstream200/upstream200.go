// Package upstream200: a gateway whose request upstream failed answers
// -32603 as if it were a method's result, with HTTP 200.
package upstream200

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

type rpcFault struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	Version string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Fault   *rpcFault `json:"error,omitempty"`
}

// reply writes its envelope and never a status: HTTP 200.
func reply(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(envelope{Version: "2.0", Fault: &rpcFault{Code: code, Message: msg}})
}

type hop struct {
	client *http.Client
	target string
}

func (h *hop) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "cannot read the body", http.StatusBadRequest)
		return
	}
	out, err := http.NewRequestWithContext(r.Context(), http.MethodPost, h.target, bytes.NewReader(raw))
	if err != nil {
		http.Error(w, "bad target", http.StatusInternalServerError)
		return
	}
	resp, err := h.client.Do(out)
	if err != nil {
		reply(w, -32603, "upstream unreachable") // want `answers -32603 with HTTP 200 when the request upstream fails: that is the gateway's own failure, answer 502`
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

// right: the hop's failure with a gateway status.
func (h *hop) strict(w http.ResponseWriter, r *http.Request) {
	resp, err := http.Post(h.target, "application/json", r.Body)
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadGateway)
		json.NewEncoder(w).Encode(envelope{Version: "2.0", Fault: &rpcFault{Code: -32603, Message: "upstream unreachable"}})
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}

// A method's failure of the server's own, not the hop's, is not this rule's.
func (h *hop) local(w http.ResponseWriter, r *http.Request, run func() error) {
	if err := run(); err != nil {
		reply(w, -32603, "tool failed")
		return
	}
}

func routes(h *hop) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("POST /mcp", h)
	mux.HandleFunc("POST /strict/mcp", h.strict)
	mux.HandleFunc("POST /local/mcp", func(w http.ResponseWriter, r *http.Request) { h.local(w, r, nil) })
	return mux
}
