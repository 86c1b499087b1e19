package t23

import (
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log"
	"net/http"
	"sync"
)

// lru keeps at most max sessions; the least recently used is evicted.
type lru struct {
	mu    sync.Mutex
	max   int
	order *list.List
	items map[string]*list.Element
}

func newLRU(max int) *lru {
	return &lru{max: max, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru) add(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[id] = c.order.PushFront(id)
	if c.order.Len() > c.max {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.items, old.Value.(string))
	}
}

func (c *lru) touch(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[id]
	if ok {
		c.order.MoveToFront(el)
	}
	return ok
}

func (c *lru) remove(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[id]
	if ok {
		c.order.Remove(el)
		delete(c.items, id)
	}
	return ok
}

type Server struct{ cache *lru }

func NewServer() *Server { return &Server{cache: newLRU(1024)} }

func (s *Server) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", s.handlePost)
	mux.HandleFunc("DELETE /mcp", s.handleDelete)
}

func errorJSON(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		errorJSON(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if msg.JSONRPC != "2.0" {
		errorJSON(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	if msg.Method == "initialize" {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			log.Printf("session id: %v", err)
			errorJSON(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		id := hex.EncodeToString(b)
		s.cache.add(id)
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	switch {
	case id == "":
		errorJSON(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	case !s.cache.touch(id):
		errorJSON(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	if len(msg.ID) == 0 || string(msg.ID) == "null" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		errorJSON(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if !s.cache.remove(id) {
		errorJSON(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
