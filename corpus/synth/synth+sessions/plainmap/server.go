// Package plainmap is a minimal MCP endpoint that keeps its sessions in a
// process-local map. It is meant for single-replica deployments.
package plainmap

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"
)

const maxBody = 4 << 20

// Dispatcher answers one JSON-RPC message for a session.
type Dispatcher func(ctx context.Context, sess *Session, body []byte) ([]byte, error)

// Session is what we remember about a connected client.
type Session struct {
	ID       string
	Created  time.Time
	LastSeen time.Time
	Protocol string
}

// Server serves /mcp.
type Server struct {
	mu       sync.Mutex
	sessions map[string]*Session
	dispatch Dispatcher
}

// New returns a Server that hands messages to d.
func New(d Dispatcher) *Server {
	return &Server{sessions: make(map[string]*Session), dispatch: d}
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		s.post(w, r)
	case http.MethodGet:
		s.stream(w, r)
	case http.MethodDelete:
		s.terminate(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "could not read body", http.StatusBadRequest)
		return
	}
	var msg envelope
	if err := json.Unmarshal(body, &msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}

	if msg.Method == "initialize" {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			id = newSessionID()
		}
		now := time.Now()
		sess := &Session{ID: id, Created: now, LastSeen: now}
		out, err := s.dispatch(r.Context(), sess, body)
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		s.mu.Lock()
		s.sessions[id] = sess
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		writeJSON(w, out)
		return
	}

	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	s.mu.Lock()
	sess, ok := s.sessions[id]
	if ok {
		sess.LastSeen = time.Now()
	}
	s.mu.Unlock()
	if !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}

	out, err := s.dispatch(r.Context(), sess, body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	writeJSON(w, out)
}

func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.Lock()
	_, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "invalid or missing session", http.StatusBadRequest)
		return
	}
	flusher, canFlush := w.(http.Flusher)
	if !canFlush {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	<-r.Context().Done()
}

func (s *Server) terminate(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.Lock()
	delete(s.sessions, id)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func writeJSON(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
