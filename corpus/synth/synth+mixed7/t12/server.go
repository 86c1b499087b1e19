package t12

import (
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

type Session struct {
	ID        string
	StartedAt time.Time
	Calls     int
}

type SessionManager struct {
	mu       sync.Mutex
	sessions map[string]*Session
}

func (m *SessionManager) getOrCreate(id string) *Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.sessions[id]; ok {
		return s
	}
	s := &Session{ID: id, StartedAt: time.Now()}
	m.sessions[id] = s
	log.Printf("mcp: new session %s", id)
	return s
}

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

type Server struct {
	sm *SessionManager
}

func NewServer() *Server {
	return &Server{sm: &SessionManager{sessions: make(map[string]*Session)}}
}

func (s *Server) Register(r *mux.Router) {
	r.HandleFunc("/mcp", s.handlePOST).Methods(http.MethodPost)
}

func sendError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) handlePOST(w http.ResponseWriter, r *http.Request) {
	var msg rpcMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		sendError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	if msg.Method == "initialize" {
		sess := s.sm.getOrCreate(uuid.NewString())
		w.Header().Set("Mcp-Session-Id", sess.ID)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		sendError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess := s.sm.getOrCreate(sid)
	s.sm.mu.Lock()
	sess.Calls++
	s.sm.mu.Unlock()

	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}
