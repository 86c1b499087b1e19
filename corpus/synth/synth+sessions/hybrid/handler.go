// Package hybrid serves the agent's MCP endpoint. Reconnecting clients
// keep their session id across a re-initialize so traces line up.
package hybrid

import (
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"
)

// IDSource mints session ids.
type IDSource interface{ New() string }

type state struct {
	opened  time.Time
	version string
}

// Endpoint is the /mcp handler.
type Endpoint struct {
	ids IDSource

	mu   sync.RWMutex
	live map[string]*state

	exec func(r *http.Request, sid string, body []byte) (status int, out []byte)
}

func NewEndpoint(ids IDSource, exec func(*http.Request, string, []byte) (int, []byte)) *Endpoint {
	return &Endpoint{ids: ids, live: map[string]*state{}, exec: exec}
}

func (e *Endpoint) valid(sid string) bool {
	if sid == "" {
		return false
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	_, ok := e.live[sid]
	return ok
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: unreadable body")
		return
	}
	var head struct {
		Method string `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if r.Method == http.MethodPost {
		if err := json.Unmarshal(body, &head); err != nil {
			writeErr(w, http.StatusBadRequest, -32700, "Parse error")
			return
		}
	}

	if head.Method == "initialize" {
		sid := e.ids.New()
		if prev := r.Header.Get("Mcp-Session-Id"); prev != "" {
			sid = prev
		}
		status, out := e.exec(r, sid, body)
		if status == http.StatusOK {
			e.mu.Lock()
			e.live[sid] = &state{opened: time.Now(), version: head.Params.ProtocolVersion}
			e.mu.Unlock()
			w.Header().Set("Mcp-Session-Id", sid)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(out)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if !e.valid(sid) {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: invalid or missing session")
		return
	}
	if r.Method == http.MethodDelete {
		e.mu.Lock()
		delete(e.live, sid)
		e.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	status, out := e.exec(r, sid, body)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(out)
}
