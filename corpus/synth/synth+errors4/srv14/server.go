// Package srv14 hosts the CRM MCP server. Session metadata is mirrored to a
// SessionStore so the support dashboard can see which CRM user owns which
// session.
package srv14

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"mime"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type SessionMeta struct {
	UserAgent string    `json:"user_agent"`
	Remote    string    `json:"remote"`
	Started   time.Time `json:"started"`
}

type SessionStore interface {
	Put(ctx context.Context, id string, meta SessionMeta) error
	Delete(ctx context.Context, id string) error
}

type Server struct {
	mcp   *mcp.Server
	store SessionStore
	log   *slog.Logger

	mu   sync.Mutex
	byID map[string]*mcp.StreamableServerTransport
	ss   map[string]*mcp.ServerSession
}

func New(m *mcp.Server, store SessionStore, log *slog.Logger) *Server {
	return &Server{
		mcp: m, store: store, log: log,
		byID: map[string]*mcp.StreamableServerTransport{},
		ss:   map[string]*mcp.ServerSession{},
	}
}

func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", s.post)
	mux.HandleFunc("GET /mcp", s.existing)
	mux.HandleFunc("DELETE /mcp", s.existing)
}

func jsonErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) drop(id string) {
	s.mu.Lock()
	delete(s.byID, id)
	delete(s.ss, id)
	s.mu.Unlock()
}

func (s *Server) lookup(id string) *mcp.StreamableServerTransport {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byID[id]
}

func (s *Server) existing(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		jsonErr(w, http.StatusNotFound, -32001, "Session not found: no Mcp-Session-Id")
		return
	}
	t := s.lookup(sid)
	if t == nil {
		jsonErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	t.ServeHTTP(w, r)
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") != "" {
		s.existing(w, r)
		return
	}

	id := rand.Text()
	t := &mcp.StreamableServerTransport{SessionID: id}
	s.mu.Lock()
	s.byID[id] = t
	s.mu.Unlock()

	ss, err := s.mcp.Connect(context.Background(), t, nil)
	if err != nil {
		s.log.Error("connect", "err", err)
		jsonErr(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	s.mu.Lock()
	s.ss[id] = ss
	s.mu.Unlock()

	meta := SessionMeta{UserAgent: r.UserAgent(), Remote: r.RemoteAddr, Started: time.Now()}
	if err := s.store.Put(r.Context(), id, meta); err != nil {
		s.log.Error("session store put", "err", err)
		s.drop(id)
		ss.Close()
		jsonErr(w, http.StatusBadRequest, -32603, "session store unavailable")
		return
	}

	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		jsonErr(w, http.StatusUnsupportedMediaType, -32000, "Unsupported Media Type: Content-Type must be application/json")
		return
	}

	t.ServeHTTP(w, r)
}
