package srv7

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"sync"
)

// Registry tracks live sessions.
type Registry struct {
	mu   sync.RWMutex
	live map[string]string // id -> negotiated version
}

func NewRegistry() *Registry { return &Registry{live: map[string]string{}} }

func (reg *Registry) Exists(id string) bool {
	reg.mu.RLock()
	defer reg.mu.RUnlock()
	_, ok := reg.live[id]
	return ok
}

func (reg *Registry) Create(version string) string {
	buf := make([]byte, 24)
	_, _ = rand.Read(buf)
	id := base64.RawURLEncoding.EncodeToString(buf)
	reg.mu.Lock()
	reg.live[id] = version
	reg.mu.Unlock()
	return id
}

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func errResp(msg string, code int) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": nil, "error": rpcErr{Code: code, Message: msg}}
}

// RequireSession guards every route that must run inside a session.
func RequireSession(reg *Registry, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			writeJSON(w, http.StatusBadRequest, errResp("Bad Request: Mcp-Session-Id header is required", -32000))
			return
		}
		if !reg.Exists(sid) {
			writeJSON(w, http.StatusForbidden, errResp("Forbidden: invalid session", -32000))
			return
		}
		next.ServeHTTP(w, r)
	})
}

type Server struct {
	reg *Registry
}

func NewServer() *Server { return &Server{reg: NewRegistry()} }

func (s *Server) Handler() http.Handler {
	rpc := http.HandlerFunc(s.rpc)
	guarded := RequireSession(s.reg, rpc)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
			s.initialize(w, r)
			return
		}
		guarded.ServeHTTP(w, r)
	})
}

func (s *Server) initialize(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, errResp("Parse error", -32700))
		return
	}
	if req.Method != "initialize" {
		writeJSON(w, http.StatusBadRequest, errResp("Bad Request: Mcp-Session-Id header is required", -32000))
		return
	}
	version := req.Params.ProtocolVersion
	id := s.reg.Create(version)
	w.Header().Set("Mcp-Session-Id", id)
	writeJSON(w, http.StatusOK, map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result": map[string]any{
			"protocolVersion": version,
			"capabilities":    map[string]any{"logging": map[string]any{}},
			"serverInfo":      map[string]any{"name": "srv7", "version": "0.0.1"},
		},
	})
}

func (s *Server) rpc(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		return
	}
	var req struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, errResp("Parse error", -32700))
		return
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
}
