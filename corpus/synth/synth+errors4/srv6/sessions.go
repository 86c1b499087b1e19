// Package srv6 is a hand-written Streamable HTTP endpoint for the metrics
// assistant. Each session owns a goroutine that fans server notifications out
// to whichever GET stream is attached.
package srv6

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"log"
	"net/http"
	"sync"
)

type Session struct {
	ID       string
	Protocol string

	out    chan []byte
	ctx    context.Context
	cancel context.CancelFunc
	once   sync.Once
}

func startSession(id string) *Session {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Session{ID: id, out: make(chan []byte, 32), ctx: ctx, cancel: cancel}
	go s.pump()
	return s
}

func (s *Session) pump() {
	for {
		select {
		case <-s.ctx.Done():
			return
		case msg := <-s.out:
			log.Printf("session %s: queued %d bytes with no stream attached", s.ID, len(msg))
		}
	}
}

// Close stops the session's goroutine. It is safe to call more than once.
func (s *Session) Close() { s.once.Do(s.cancel) }

type Endpoint struct {
	// OnSessionStart is called once per new session, e.g. to record it for
	// billing. A non-nil error aborts the handshake.
	OnSessionStart func(ctx context.Context, s *Session) error

	mu       sync.Mutex
	sessions map[string]*Session
}

func NewEndpoint() *Endpoint { return &Endpoint{sessions: make(map[string]*Session)} }

type initParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
	ClientInfo      struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"clientInfo"`
}

func writeError(w http.ResponseWriter, status int, id json.RawMessage, code int, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
}

func (e *Endpoint) drop(s *Session) {
	e.mu.Lock()
	delete(e.sessions, s.ID)
	e.mu.Unlock()
	s.Close()
}

// initialize handles an initialize request whose envelope was already
// validated by ServeHTTP.
func (e *Endpoint) initialize(w http.ResponseWriter, r *http.Request, id, params json.RawMessage) {
	sess := startSession(rand.Text())
	e.mu.Lock()
	e.sessions[sess.ID] = sess
	e.mu.Unlock()

	var p initParams
	if err := json.Unmarshal(params, &p); err != nil {
		e.drop(sess)
		writeError(w, http.StatusBadRequest, id, -32602, "Invalid params: "+err.Error())
		return
	}
	sess.Protocol = p.ProtocolVersion

	if e.OnSessionStart != nil {
		if err := e.OnSessionStart(r.Context(), sess); err != nil {
			log.Printf("session start hook: %v", err)
			writeError(w, http.StatusInternalServerError, id, -32603, "Internal error")
			return
		}
	}

	result := map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{}, "logging": map[string]any{}},
		"serverInfo":      map[string]any{"name": "metrics-assistant", "version": "2.1.0"},
	}
	buf, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	if err != nil {
		e.drop(sess)
		writeError(w, http.StatusBadRequest, id, -32603, "Internal error")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.Write(buf)
}

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		writeError(w, http.StatusMethodNotAllowed, nil, -32000, "Method not allowed: "+r.Method)
		return
	}
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
		Params  json.RawMessage `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeError(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	if msg.Method == "initialize" {
		e.initialize(w, r, msg.ID, msg.Params)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeError(w, http.StatusBadRequest, msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	e.mu.Lock()
	sess := e.sessions[sid]
	e.mu.Unlock()
	if sess == nil {
		writeError(w, http.StatusNotFound, msg.ID, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
