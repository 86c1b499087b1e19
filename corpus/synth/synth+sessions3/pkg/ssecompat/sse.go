// Package ssecompat serves the 2024-11-05 HTTP+SSE transport next to the
// streamable one, for clients that have not moved yet.
package ssecompat

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/mcp"
)

type client struct {
	id   string
	send chan []byte
	done chan struct{}
}

type Transport struct {
	BasePath string

	mu      sync.RWMutex
	clients map[string]*client
	handle  func(sessionID string, msg json.RawMessage) (any, *mcp.JSONRPCError)
}

func NewTransport(basePath string, handle func(string, json.RawMessage) (any, *mcp.JSONRPCError)) *Transport {
	return &Transport{BasePath: basePath, clients: make(map[string]*client), handle: handle}
}

func (t *Transport) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET "+t.BasePath+"/sse", t.serveSSE)
	mux.HandleFunc("POST "+t.BasePath+"/message", t.serveMessage)
}

func (t *Transport) serveSSE(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}

	// Reconnecting clients pass their previous id so queued messages survive.
	sid := r.URL.Query().Get("sessionId")
	if sid == "" {
		sid = uuid.NewString()
	}
	t.mu.Lock()
	cl, exists := t.clients[sid]
	if !exists {
		cl = &client{id: sid, send: make(chan []byte, 64), done: make(chan struct{})}
		t.clients[sid] = cl
	}
	t.mu.Unlock()

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	fmt.Fprintf(w, "event: endpoint\ndata: %s/message?sessionId=%s\n\n", t.BasePath, sid)
	flusher.Flush()

	for {
		select {
		case <-r.Context().Done():
			return
		case <-cl.done:
			return
		case b := <-cl.send:
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", b)
			flusher.Flush()
		}
	}
}

func (t *Transport) serveMessage(w http.ResponseWriter, r *http.Request) {
	sid := r.URL.Query().Get("sessionId")
	if sid == "" {
		writeRPCError(w, http.StatusBadRequest, mcp.NewJSONRPCError(mcp.NewRequestId(nil), mcp.INVALID_REQUEST, "missing sessionId", nil))
		return
	}
	t.mu.RLock()
	cl, ok := t.clients[sid]
	t.mu.RUnlock()
	if !ok {
		writeRPCError(w, http.StatusOK, mcp.NewJSONRPCError(mcp.NewRequestId(nil), mcp.INVALID_REQUEST, "Invalid session ID", nil))
		return
	}

	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		writeRPCError(w, http.StatusBadRequest, mcp.NewJSONRPCError(mcp.NewRequestId(nil), mcp.PARSE_ERROR, "Parse error", nil))
		return
	}
	result, rpcErr := t.handle(sid, raw)
	var out []byte
	if rpcErr != nil {
		out, _ = json.Marshal(rpcErr)
	} else if result != nil {
		out, _ = json.Marshal(result)
	}
	if out != nil {
		select {
		case cl.send <- out:
		default:
		}
	}
	w.WriteHeader(http.StatusAccepted)
}

func writeRPCError(w http.ResponseWriter, status int, e mcp.JSONRPCError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(e)
}
