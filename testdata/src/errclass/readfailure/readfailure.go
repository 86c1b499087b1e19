// Package readfailure: a request body that cannot be read is the client's
// (it went away, broke its chunking or passed a limit), not the server's.
package readfailure

import (
	"encoding/json"
	"io"
	"net/http"
)

type node struct{ upstream string }

func (n *node) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError) // want `answers HTTP 500 when reading the request body fails, the client's fault`
		return
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	n.relay(w, r, raw)
}

// A limited body: over the limit it is 413, still never 500.
func (n *node) limited(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(http.StatusServiceUnavailable) // want `answers HTTP 503 when reading the request body fails, the client's fault`
		return
	}
	n.relay(w, r, raw)
}

// The upstream's reply that cannot be read is the server's side: 502.
func (n *node) relay(w http.ResponseWriter, r *http.Request, raw []byte) {
	resp, err := http.Post(n.upstream, "application/json", nil)
	if err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(resp.Body)
	if err != nil {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(reply)
}

// right: 400.
func (n *node) right(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "Bad Request: the request body could not be read", http.StatusBadRequest)
		return
	}
	n.relay(w, r, raw)
}

func routes(n *node) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/mcp", n)
	mux.HandleFunc("/limited/mcp", n.limited)
	mux.HandleFunc("/right/mcp", n.right)
	return mux
}
