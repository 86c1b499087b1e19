package srv15

import (
	"container/list"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// lruSessions is a tiny bounded session table.
type lruSessions struct {
	mu    sync.Mutex
	max   int
	order *list.List
	items map[string]*list.Element
}

type entry struct {
	id      string
	version string
}

func newLRU(max int) *lruSessions {
	return &lruSessions{max: max, order: list.New(), items: map[string]*list.Element{}}
}

func (l *lruSessions) add(e *entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items[e.id] = l.order.PushFront(e)
	if l.order.Len() > l.max {
		last := l.order.Back()
		l.order.Remove(last)
		delete(l.items, last.Value.(*entry).id)
	}
}

func (l *lruSessions) get(id string) *entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	el, ok := l.items[id]
	if !ok {
		return nil
	}
	l.order.MoveToFront(el)
	return el.Value.(*entry)
}

func (l *lruSessions) remove(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	el, ok := l.items[id]
	if ok {
		l.order.Remove(el)
		delete(l.items, id)
	}
	return ok
}

type Handler struct {
	sessions *lruSessions
}

func NewHandler() *Handler { return &Handler{sessions: newLRU(1024)} }

type jsonrpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type jsonrpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *jsonrpcError   `json:"error,omitempty"`
}

func reply(w http.ResponseWriter, status int, resp jsonrpcResponse) {
	resp.JSONRPC = "2.0"
	if resp.ID == nil {
		resp.ID = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(resp)
}

func mintID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return fmt.Sprintf("%x-%x", b[:8], b[8:])
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	switch r.Method {
	case http.MethodGet:
		if sid == "" {
			reply(w, http.StatusBadRequest, jsonrpcResponse{Error: &jsonrpcError{-32000, "Bad Request: Mcp-Session-Id header is required"}})
			return
		}
		if h.sessions.get(sid) == nil {
			reply(w, http.StatusBadRequest, jsonrpcResponse{Error: &jsonrpcError{-32000, "Bad Request: stale session"}})
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
	case http.MethodDelete:
		if sid == "" {
			reply(w, http.StatusNotFound, jsonrpcResponse{Error: &jsonrpcError{-32001, "Session not found"}})
			return
		}
		if !h.sessions.remove(sid) {
			reply(w, http.StatusNotFound, jsonrpcResponse{Error: &jsonrpcError{-32001, "Session not found"}})
			return
		}
		w.WriteHeader(http.StatusNoContent)
	case http.MethodPost:
		h.post(w, r, sid)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		reply(w, http.StatusMethodNotAllowed, jsonrpcResponse{Error: &jsonrpcError{-32000, "Method not allowed"}})
	}
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request, sid string) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		reply(w, http.StatusBadRequest, jsonrpcResponse{Error: &jsonrpcError{-32700, "Parse error"}})
		return
	}
	if req.Method == "initialize" {
		e := &entry{id: mintID(), version: "2025-06-18"}
		if req.Params.ProtocolVersion == "2025-03-26" {
			e.version = req.Params.ProtocolVersion
		}
		h.sessions.add(e)
		w.Header().Set("Mcp-Session-Id", e.id)
		reply(w, http.StatusOK, jsonrpcResponse{ID: req.ID, Result: map[string]any{"protocolVersion": e.version, "capabilities": map[string]any{}}})
		return
	}
	if sid == "" {
		reply(w, http.StatusBadRequest, jsonrpcResponse{ID: req.ID, Error: &jsonrpcError{-32000, "Bad Request: Mcp-Session-Id header is required"}})
		return
	}
	if h.sessions.get(sid) == nil {
		reply(w, http.StatusOK, jsonrpcResponse{ID: req.ID, Error: &jsonrpcError{-32001, "Session not found"}})
		return
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	reply(w, http.StatusOK, jsonrpcResponse{ID: req.ID, Result: map[string]any{}})
}
