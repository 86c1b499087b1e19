// Package s28 is the translation MCP server.
package s28

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"time"
)

type Session struct {
	ID      string
	Lang    string
	expires time.Time
}

var sessions = newTTLCache(15 * time.Minute)

func Init() {
	http.HandleFunc("POST /mcp", postMCP)
	http.HandleFunc("DELETE /mcp", deleteMCP)
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func rpcErr(w http.ResponseWriter, status, code int, text string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": text}})
}

func rpcOK(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

// currentSession resolves the request's session or writes the refusal.
func currentSession(w http.ResponseWriter, r *http.Request, id json.RawMessage) *Session {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", id)
		return nil
	}
	sess, err := sessions.Get(sid)
	if errors.Is(err, errUnknown) || errors.Is(err, errExpired) {
		if errors.Is(err, errExpired) {
			log.Printf("translate-mcp: session %s idled out", sid)
		}
		rpcErr(w, http.StatusNotFound, -32001, "Session not found", id)
		return nil
	}
	return sess
}

func postMCP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		rpcErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(raw) {
		rpcErr(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var m message
	if err := json.Unmarshal(raw, &m); err != nil || m.JSONRPC != "2.0" {
		rpcErr(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if m.Method == "initialize" {
		if len(m.ID) == 0 {
			rpcErr(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sess := &Session{ID: rand.Text(), Lang: "en"}
		sessions.Set(sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		rpcOK(w, m.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "translate", "version": "0.4.0"},
		})
		return
	}

	sess := currentSession(w, r, m.ID)
	if sess == nil {
		return
	}
	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch m.Method {
	case "ping":
		rpcOK(w, m.ID, map[string]any{})
	case "tools/list":
		rpcOK(w, m.ID, map[string]any{"tools": []map[string]any{{"name": "translate", "inputSchema": map[string]any{"type": "object"}}}})
	default:
		rpcErr(w, http.StatusOK, -32601, "Method not found", m.ID)
	}
}

func deleteMCP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	if err := sessions.Delete(sid); err != nil {
		rpcErr(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
