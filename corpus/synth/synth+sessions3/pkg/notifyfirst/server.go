// Package notifyfirst is the HTTP front of a calendar MCP server.
package notifyfirst

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"regexp"
	"sync"
	"time"
)

var sessionIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

type Session struct {
	ID      string
	Tz      string
	Started time.Time
}

type Server struct {
	mu       sync.RWMutex
	sessions map[string]*Session
	calls    chan incoming
}

type incoming struct {
	Session *Session
	Msg     envelope
}

type envelope struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  json.RawMessage  `json:"result,omitempty"`
}

func NewServer() *Server {
	return &Server{sessions: make(map[string]*Session), calls: make(chan incoming, 128)}
}

func (s *Server) validSession(id string) bool {
	if !sessionIDPattern.MatchString(id) {
		return false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.sessions[id]
	return ok
}

func (s *Server) session(id string) *Session {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.sessions[id]
}

// HandleMessage serves POST /mcp for established sessions; initialize is
// routed to HandleInitialize by the mux.
func (s *Server) HandleMessage(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")

	// Notifications and client responses need no reply: acknowledge them
	// right away so the client is not kept waiting on the queue.
	if env.ID == nil || env.Method == "" {
		w.WriteHeader(http.StatusAccepted)
		go func() { s.calls <- incoming{Session: s.session(sid), Msg: env} }()
		return
	}

	if sid == "" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	if !s.validSession(sid) {
		http.Error(w, "invalid Mcp-Session-Id", http.StatusBadRequest)
		return
	}

	log.Printf("calendar: %s from %s", env.Method, sid)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{}})
}
