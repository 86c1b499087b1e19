// Package srv16 is the session layer of the trading-assistant MCP server.
// Each session runs a heartbeat goroutine that keeps its Redis lease alive so
// other replicas know the session is owned.
package srv16

import (
	"context"
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

type session struct {
	id       string
	client   string
	protocol string
	stop     chan struct{}
	stopped  sync.Once
}

func (s *session) close() { s.stopped.Do(func() { close(s.stop) }) }

type Manager struct {
	rdb  *redis.Client
	node string

	mu   sync.Mutex
	live map[string]*session
}

func NewManager(rdb *redis.Client, node string) *Manager {
	return &Manager{rdb: rdb, node: node, live: map[string]*session{}}
}

func (m *Manager) heartbeat(s *session) {
	tick := time.NewTicker(10 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			m.rdb.Del(context.Background(), "lease:"+s.id)
			return
		case <-tick.C:
			m.rdb.Expire(context.Background(), "lease:"+s.id, 30*time.Second)
		}
	}
}

func (m *Manager) forget(s *session) {
	m.mu.Lock()
	delete(m.live, s.id)
	m.mu.Unlock()
	s.close()
}

func rpcError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (m *Manager) Mount(r chi.Router, next http.Handler) {
	r.Post("/mcp/initialize", m.initialize)
	r.Handle("/mcp", next)
}

func (m *Manager) initialize(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		rpcError(w, http.StatusInternalServerError, nil, -32603, "Internal error")
		return
	}

	s := &session{id: uuid.NewString(), stop: make(chan struct{})}
	m.mu.Lock()
	m.live[s.id] = s
	m.mu.Unlock()
	go m.heartbeat(s)

	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil {
		rpcError(w, http.StatusBadRequest, req.ID, -32700, "Parse error: "+err.Error())
		return
	}
	s.protocol, s.client = params.ProtocolVersion, params.ClientInfo.Name

	if err := m.rdb.HSet(r.Context(), "lease:"+s.id, "node", m.node, "client", s.client).Err(); err != nil {
		log.Printf("lease %s: %v", s.id, err)
		m.forget(s)
		http.Error(w, "session lease: "+err.Error(), http.StatusBadRequest)
		return
	}

	w.Header().Set("Mcp-Session-Id", s.id)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "trading-assistant", "version": "3.2.0"},
	}})
}
