// srv17 serves the internal HR policy assistant. gorilla/mux is what the rest
// of the intranet services use, so the MCP endpoint lives there too.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type entry struct {
	t  *mcp.StreamableServerTransport
	ss *mcp.ServerSession
}

type registry struct {
	mu sync.Mutex
	m  map[string]*entry
}

func (r *registry) set(id string, e *entry) { r.mu.Lock(); r.m[id] = e; r.mu.Unlock() }
func (r *registry) del(id string)           { r.mu.Lock(); delete(r.m, id); r.mu.Unlock() }
func (r *registry) get(id string) *entry    { r.mu.Lock(); defer r.mu.Unlock(); return r.m[id] }

var (
	sessions = &registry{m: map[string]*entry{}}
	server   = mcp.NewServer(&mcp.Implementation{Name: "hr-policy", Version: "1.0.0"}, nil)
)

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func handleMCP(w http.ResponseWriter, r *http.Request) {
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		e := sessions.get(sid)
		if e == nil {
			fail(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		e.t.ServeHTTP(w, r)
		return
	}

	id := uuid.NewString()
	e := &entry{t: &mcp.StreamableServerTransport{SessionID: id}}
	sessions.set(id, e)
	ss, err := server.Connect(context.Background(), e.t, nil)
	if err != nil {
		log.Printf("connect %s: %v", id, err)
		http.Error(w, "could not open session", http.StatusBadRequest)
		return
	}
	e.ss = ss

	accepted := false
	defer func() {
		if !accepted {
			sessions.del(id)
			ss.Close()
		}
	}()

	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error: "+err.Error())
		return
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if msg.Method != "initialize" {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if len(msg.ID) == 0 || string(msg.ID) == "null" {
		fail(w, http.StatusBadRequest, -32600, "Invalid Request: initialize must have an id")
		return
	}

	r.Body = io.NopCloser(bytes.NewReader(body))
	e.t.ServeHTTP(w, r)
	accepted = ss.InitializeParams() != nil
}

func main() {
	r := mux.NewRouter()
	r.HandleFunc("/mcp", handleMCP).Methods(http.MethodPost, http.MethodGet, http.MethodDelete)
	log.Fatal(http.ListenAndServe(":8700", r))
}
