package srv8

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/google/uuid"
)

type ctxKey struct{}

// UserFrom returns the authenticated user set by Auth.
func UserFrom(ctx context.Context) string {
	u, _ := ctx.Value(ctxKey{}).(string)
	return u
}

// Auth maps bearer tokens to users.
func Auth(tokens map[string]string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		user, ok := tokens[tok]
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, user)))
	})
}

type Session struct {
	ID      string
	User    string
	Version string
}

// Sessions are grouped per user so that one user can list/kill their own.
type Sessions struct {
	mu     sync.Mutex
	byUser map[string]map[string]*Session
	owner  map[string]string
}

func NewSessions() *Sessions {
	return &Sessions{byUser: map[string]map[string]*Session{}, owner: map[string]string{}}
}

func (s *Sessions) add(sess *Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byUser[sess.User] == nil {
		s.byUser[sess.User] = map[string]*Session{}
	}
	s.byUser[sess.User][sess.ID] = sess
	s.owner[sess.ID] = sess.User
}

func (s *Sessions) lookup(user, id string) (sess *Session, owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byUser[user][id], s.owner[id]
}

type Server struct {
	sessions *Sessions
}

func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	user := UserFrom(r.Context())
	sid := r.Header.Get("Mcp-Session-Id")
	pv := r.Header.Get("MCP-Protocol-Version")

	switch {
	case pv == "2026-07-28":
		// stateless request; keep the header so clients that send one get it back
		if sid != "" {
			w.Header().Set("Mcp-Session-Id", sid)
		}
		writeResult(w, req.ID, map[string]any{"ok": true})
	case req.Method == "initialize":
		version := "2025-11-25"
		if req.Params.ProtocolVersion == "2025-06-18" {
			version = "2025-06-18"
		}
		sess := &Session{ID: uuid.NewString(), User: user, Version: version}
		srv.sessions.add(sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		writeResult(w, req.ID, map[string]any{"protocolVersion": version, "capabilities": map[string]any{}})
	case sid == "":
		writeErr(w, http.StatusUnauthorized, -32000, "Unauthorized: Mcp-Session-Id header is required")
	default:
		sess, owner := srv.sessions.lookup(user, sid)
		if sess == nil {
			if owner != "" {
				writeErr(w, http.StatusForbidden, -32000, "Forbidden: session user mismatch")
				return
			}
			writeErr(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		if req.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		writeResult(w, req.ID, map[string]any{})
	}
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}
