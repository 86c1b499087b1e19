// Package s08 is an MCP endpoint whose sessions live in an in-process LRU with idle expiry.
package s08

import (
	"crypto/rand"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"time"
)

type Session struct {
	ID      string
	Version string
}

type Server struct {
	cache *lruCache
}

func NewServer() *Server {
	return &Server{cache: newLRU(10000, 30*time.Minute)}
}

type rpcReq struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			sendError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
			return
		}
		if !s.cache.Remove(sid) {
			sendError(w, http.StatusNotFound, -32001, "Session not found", nil)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST, DELETE")
		sendError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed", nil)
		return
	}

	raw, err := io.ReadAll(r.Body)
	if err != nil {
		sendError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(raw) {
		sendError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var req rpcReq
	if json.Unmarshal(raw, &req) != nil || req.JSONRPC != "2.0" {
		sendError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			sendError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sess := &Session{ID: rand.Text(), Version: "2025-06-18"}
		s.cache.Put(sess.ID, sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		sendResult(w, req.ID, map[string]any{
			"protocolVersion": sess.Version,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "s08", "version": "2.0.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		sendError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	sess, found, expired := s.cache.Get(sid)
	switch {
	case expired:
		log.Printf("session %s expired", sid)
		sendError(w, http.StatusGone, -32001, "Session expired", req.ID)
		return
	case !found:
		sendError(w, http.StatusNotFound, -32001, "Session not found", req.ID)
		return
	}

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		sendResult(w, req.ID, struct{}{})
	case "tools/list":
		sendResult(w, req.ID, map[string]any{"tools": []any{}, "_meta": map[string]string{"session": sess.ID}})
	default:
		sendError(w, http.StatusOK, -32601, "Method not found", req.ID)
	}
}

func sendResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func sendError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
