// Package redispatch: a gateway holding its own upstream session splits a
// batch and hands each message to its own handler as a request of its
// own, under the client's Mcp-Session-Id: that request is served here,
// where the client's id is the right one to look up, and never sent
// upstream.
package redispatch

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
)

type gateway struct {
	url        string
	upstreamID string
	mux        *http.ServeMux
}

// open initializes the upstream and keeps its session id.
func (g *gateway) open(body []byte) error {
	resp, err := http.Post(g.url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	g.upstreamID = resp.Header.Get("Mcp-Session-Id")
	return nil
}

func (g *gateway) batch(w http.ResponseWriter, r *http.Request, msgs []json.RawMessage) {
	sid := r.Header.Get("Mcp-Session-Id")
	var answers []json.RawMessage
	for _, m := range msgs {
		one, err := http.NewRequestWithContext(r.Context(), http.MethodPost, r.URL.String(), bytes.NewReader(m))
		if err != nil {
			continue
		}
		one.Header.Set("Mcp-Session-Id", sid)
		rec := httptest.NewRecorder()
		g.mux.ServeHTTP(rec, one)
		answers = append(answers, rec.Body.Bytes())
	}
	_ = json.NewEncoder(w).Encode(answers)
}

// replay serves one message again through a handler of its own, the
// client's id read in the call.
func (g *gateway) replay(w http.ResponseWriter, r *http.Request, m json.RawMessage) {
	one, err := http.NewRequestWithContext(r.Context(), http.MethodPost, r.URL.String(), bytes.NewReader(m))
	if err != nil {
		return
	}
	one.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
	g.serve(w, one)
}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) { g.mux.ServeHTTP(w, r) }

// leak sends the client's id upstream: reported.
func (g *gateway) leak(w http.ResponseWriter, r *http.Request, body []byte) {
	sid := r.Header.Get("Mcp-Session-Id")
	up, err := http.NewRequest(http.MethodPost, g.url, bytes.NewReader(body))
	if err != nil {
		return
	}
	up.Header.Set("Mcp-Session-Id", sid) // want `sends the downstream client's Mcp-Session-Id upstream`
	if _, err := http.DefaultClient.Do(up); err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
	}
}

// forward sends a message upstream under the gateway's own session.
func (g *gateway) forward(body []byte) (*http.Response, error) {
	up, err := http.NewRequest(http.MethodPost, g.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	up.Header.Set("Mcp-Session-Id", g.upstreamID)
	return http.DefaultClient.Do(up)
}
