// Package s05 wires an MCP endpoint into a gorilla/mux router.
package s05

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/gorilla/mux"
)

type Session struct {
	ID          string
	Initialized bool
}

type SessionManager struct {
	mu       sync.Mutex
	sessions map[string]*Session
}

func (m *SessionManager) Add(s *Session) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[s.ID] = s
}

func (m *SessionManager) Find(id string) *Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sessions[id]
}

func (m *SessionManager) Remove(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.sessions[id]
	delete(m.sessions, id)
	return ok
}

type jsonrpcError struct {
	Status  int    `json:"-"`
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type App struct {
	Sessions *SessionManager
}

func NewApp() *App {
	return &App{Sessions: &SessionManager{sessions: map[string]*Session{}}}
}

func (a *App) Router() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/mcp", a.post).Methods(http.MethodPost)
	r.HandleFunc("/mcp", a.remove).Methods(http.MethodDelete)
	return r
}

// getSession returns the session named by the request, or the error to send.
func (a *App) getSession(r *http.Request) (*Session, *jsonrpcError) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, &jsonrpcError{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	}
	s := a.Sessions.Find(id)
	if s == nil {
		return nil, &jsonrpcError{http.StatusNotFound, -32001, "Session not found"}
	}
	return s, nil
}

func (a *App) post(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		respondErr(w, nil, &jsonrpcError{http.StatusBadRequest, -32000, "Bad Request: the request body could not be read"})
		return
	}
	if !json.Valid(data) {
		respondErr(w, nil, &jsonrpcError{http.StatusBadRequest, -32700, "Parse error"})
		return
	}
	var req struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
	}
	if err := json.Unmarshal(data, &req); err != nil || req.JSONRPC != "2.0" {
		respondErr(w, nil, &jsonrpcError{http.StatusBadRequest, -32600, "Invalid Request"})
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 || string(req.ID) == "null" {
			respondErr(w, nil, &jsonrpcError{http.StatusBadRequest, -32600, "Invalid Request: missing id"})
			return
		}
		b := make([]byte, 24)
		rand.Read(b)
		s := &Session{ID: base64.RawURLEncoding.EncodeToString(b)}
		a.Sessions.Add(s)
		w.Header().Set("Mcp-Session-Id", s.ID)
		respond(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "s05", "version": "1.2.0"},
		})
		return
	}

	sess, rpcErr := a.getSession(r)
	if rpcErr != nil {
		respondErr(w, req.ID, rpcErr)
		return
	}
	if req.Method == "notifications/initialized" {
		sess.Initialized = true
	}
	if len(req.ID) == 0 || string(req.ID) == "null" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		respond(w, req.ID, map[string]any{})
	default:
		respondErr(w, req.ID, &jsonrpcError{http.StatusOK, -32601, "Method not found"})
	}
}

func (a *App) remove(w http.ResponseWriter, r *http.Request) {
	sess, rpcErr := a.getSession(r)
	if rpcErr != nil {
		respondErr(w, nil, rpcErr)
		return
	}
	a.Sessions.Remove(sess.ID)
	log.Printf("session %s terminated by client", sess.ID)
	w.WriteHeader(http.StatusNoContent)
}

func respond(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func respondErr(w http.ResponseWriter, id json.RawMessage, e *jsonrpcError) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": e})
}
