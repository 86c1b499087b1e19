package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"log"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type entry struct {
	transport *mcp.StreamableServerTransport
	session   *mcp.ServerSession
}

type hub struct {
	server *mcp.Server

	mu       sync.Mutex
	sessions map[string]*entry
}

func newHub(s *mcp.Server) *hub {
	return &hub{server: s, sessions: make(map[string]*entry)}
}

func (h *hub) connect(ctx context.Context, id string) (*entry, error) {
	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := h.server.Connect(ctx, t, nil)
	if err != nil {
		return nil, err
	}
	e := &entry{transport: t, session: ss}
	h.mu.Lock()
	h.sessions[id] = e
	h.mu.Unlock()

	go func() {
		_ = ss.Wait()
		h.mu.Lock()
		delete(h.sessions, id)
		h.mu.Unlock()
	}()
	return e, nil
}

func (h *hub) lookup(id string) (*entry, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	e, ok := h.sessions[id]
	return e, ok
}

func jsonError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func (h *hub) handlePost(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		// A new client: give it a transport; the SDK takes care of
		// refusing anything that is not an initialize.
		e, err := h.connect(context.Background(), rand.Text())
		if err != nil {
			log.Printf("connect: %v", err)
			jsonError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		e.transport.ServeHTTP(w, r)
		return
	}

	e, ok := h.lookup(id)
	if !ok {
		// The process may have restarted since the client initialized;
		// rebuild the session under the same id so the client keeps working.
		var err error
		e, err = h.connect(context.Background(), id)
		if err != nil {
			jsonError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
	}
	e.transport.ServeHTTP(w, r)
}

func (h *hub) handleGet(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		jsonError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	e, ok := h.lookup(id)
	if !ok {
		jsonError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	e.transport.ServeHTTP(w, r)
}

func (h *hub) handleDelete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	e, ok := h.lookup(id)
	if !ok {
		jsonError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	e.session.Close()
	w.WriteHeader(http.StatusNoContent)
}

func (h *hub) list(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	ids := make([]string, 0, len(h.sessions))
	for id := range h.sessions {
		ids = append(ids, id)
	}
	h.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(ids)
}
