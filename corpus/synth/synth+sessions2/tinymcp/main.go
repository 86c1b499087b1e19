// Package tinymcp is a minimal MCP server for the status dashboard.
package tinymcp

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

var (
	mu       sync.Mutex
	sessions = map[string]chan string{}
)

func Handler() http.Handler {
	return http.HandlerFunc(serve)
}

func serve(w http.ResponseWriter, r *http.Request) {
	sid := r.Header["Mcp-Session-Id"]
	switch r.Method {
	case "POST":
		var m struct {
			ID     *json.RawMessage `json:"id"`
			Method string           `json:"method"`
		}
		if json.NewDecoder(r.Body).Decode(&m) != nil {
			w.WriteHeader(400)
			return
		}
		if m.Method == "initialize" {
			if m.ID == nil {
				w.WriteHeader(400)
				return
			}
			id := fmt.Sprintf("%016x%016x", rand.Uint64(), rand.Uint64())
			mu.Lock()
			sessions[id] = make(chan string, 8)
			mu.Unlock()
			w.Header().Set("Mcp-Session-Id", id)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-03-26","capabilities":{},"serverInfo":{"name":"tiny","version":"0.1"}}}`, *m.ID)
			return
		}
		if len(sid) == 0 {
			w.WriteHeader(404)
			return
		}
		mu.Lock()
		_, ok := sessions[sid[0]]
		mu.Unlock()
		if !ok {
			w.WriteHeader(404)
			return
		}
		if m.ID == nil {
			w.WriteHeader(202)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"status":"ok","at":%q}}`, *m.ID, time.Now().Format(time.RFC3339))
	case "GET":
		if len(sid) == 0 {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		mu.Lock()
		ch, ok := sessions[sid[0]]
		mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		for {
			select {
			case <-r.Context().Done():
				return
			case ev := <-ch:
				fmt.Fprintf(w, "data: %s\n\n", ev)
				w.(http.Flusher).Flush()
			}
		}
	case "DELETE":
		if len(sid) == 0 {
			w.WriteHeader(400)
			return
		}
		mu.Lock()
		_, ok := sessions[sid[0]]
		delete(sessions, sid[0])
		mu.Unlock()
		if !ok {
			w.WriteHeader(404)
			return
		}
		w.WriteHeader(200)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		w.WriteHeader(405)
	}
}
