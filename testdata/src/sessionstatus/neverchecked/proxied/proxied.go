// Package proxied: a front that answers initialize itself, handing out the
// upstream's session id, and hands every other message to a reverse proxy.
// The upstream that issued the id tests it, so nothing here need.
package proxied

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
)

type front struct {
	proxy    *httputil.ReverseProxy
	upstream string
}

type message struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
}

func newFront(upstream *url.URL) *front {
	return &front{proxy: httputil.NewSingleHostReverseProxy(upstream), upstream: upstream.String()}
}

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		f.initialize(w, body)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	f.serve(w, r)
}

func (f *front) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Front", "1")
	f.proxy.ServeHTTP(w, r) // the upstream answers a missing or unknown id
}

func (f *front) initialize(w http.ResponseWriter, body []byte) {
	resp, err := http.Post(f.upstream, "application/json", bytes.NewReader(body))
	if err != nil {
		http.Error(w, "upstream unreachable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Mcp-Session-Id", resp.Header.Get("Mcp-Session-Id"))
	w.WriteHeader(http.StatusOK)
	io.Copy(w, resp.Body)
}
