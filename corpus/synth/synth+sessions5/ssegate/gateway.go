package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"strconv"
	"time"
)

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		g.post(w, r)
	case http.MethodGet:
		g.resume(w, r)
	case http.MethodDelete:
		g.close(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func sseHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
}

func writeEvent(w io.Writer, id int, data []byte) error {
	_, err := fmt.Fprintf(w, "id: %d\nevent: message\ndata: %s\n\n", id, data)
	return err
}

func (g *gateway) post(w http.ResponseWriter, r *http.Request) {
	var in inbound
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&in); err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
		return
	}
	if in.Method == "initialize" {
		g.initialize(w, &in)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header is required"}}`, http.StatusBadRequest)
		return
	}
	s, ok := g.get(sid)
	if !ok {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}`, http.StatusNotFound)
		return
	}
	if s.closed {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"session is closed"}}`, http.StatusConflict)
		return
	}
	if len(in.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{}})
	n := s.append(out)
	sseHeaders(w)
	_ = writeEvent(w, n, out)
}

func (g *gateway) initialize(w http.ResponseWriter, in *inbound) {
	s := &sseSession{id: mintID(), wake: make(chan struct{}, 1)}
	g.mu.Lock()
	g.sessions[s.id] = s
	g.mu.Unlock()

	out, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      in.ID,
		"result": map[string]any{
			"protocolVersion": "2025-11-25",
			"capabilities":    map[string]any{"logging": map[string]any{}},
			"serverInfo":      map[string]any{"name": "ssegate", "version": "0.4.0"},
		},
	})
	w.Header().Set("Mcp-Session-Id", s.id)
	sseHeaders(w)
	if err := writeEvent(w, s.append(out), out); err != nil {
		log.Printf("ssegate: initialize response for %s: %v", s.id, err)
		return
	}
}

func (g *gateway) resume(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header is required"}}`, http.StatusBadRequest)
		return
	}
	s, ok := g.get(sid)
	if !ok {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden"}}`, http.StatusForbidden)
		return
	}
	if s.closed {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}`, http.StatusNotFound)
		return
	}
	last, _ := strconv.Atoi(r.Header.Get("Last-Event-ID"))

	sseHeaders(w)
	w.WriteHeader(http.StatusOK)
	fl, _ := w.(http.Flusher)
	for {
		for _, ev := range s.since(last) {
			if writeEvent(w, ev.id, ev.data) != nil {
				return
			}
			last = ev.id
		}
		if fl != nil {
			fl.Flush()
		}
		select {
		case <-r.Context().Done():
			return
		case <-s.wake:
		case <-time.After(15 * time.Second):
		}
	}
}

func (g *gateway) close(w http.ResponseWriter, r *http.Request) {
	s, ok := g.get(r.Header.Get("Mcp-Session-Id"))
	if !ok || s.closed {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}`, http.StatusNotFound)
		return
	}
	s.mu.Lock()
	s.closed, s.closedAt = true, time.Now()
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}
