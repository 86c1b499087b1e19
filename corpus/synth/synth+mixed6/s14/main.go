// Package s14 serves MCP for the internal docs search tool.
package s14

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"time"
)

type session struct {
	id         string
	clientName string
	version    string
	created    time.Time
}

type sessionTable struct {
	sync.RWMutex
	m map[string]*session
}

func (t *sessionTable) create() *session {
	b := make([]byte, 16)
	rand.Read(b)
	s := &session{id: hex.EncodeToString(b), created: time.Now()}
	t.Lock()
	t.m[s.id] = s
	t.Unlock()
	return s
}

func (t *sessionTable) get(id string) *session {
	t.RLock()
	defer t.RUnlock()
	return t.m[id]
}

var table = &sessionTable{m: map[string]*session{}}

type jsonrpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type initializeParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
	ClientInfo      struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"clientInfo"`
}

func Setup() {
	http.HandleFunc("/mcp", mcpHandler)
}

func mcpHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		writeError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed", nil)
		return
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(data) {
		writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var msg jsonrpcMsg
	if err := json.Unmarshal(data, &msg); err != nil || msg.JSONRPC != "2.0" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if msg.Method == "initialize" {
		handleInitialize(w, &msg)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
		return
	}
	sess := table.get(sid)
	if sess == nil {
		writeError(w, http.StatusNotFound, -32001, "Session not found", msg.ID)
		return
	}
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch msg.Method {
	case "ping":
		writeResult(w, msg.ID, map[string]any{})
	case "tools/list":
		writeResult(w, msg.ID, map[string]any{"tools": []map[string]any{{"name": "search_docs", "inputSchema": map[string]any{"type": "object"}}}})
	default:
		log.Printf("session %s (%s): unhandled method %s", sess.id, sess.clientName, msg.Method)
		writeError(w, http.StatusOK, -32601, "Method not found", msg.ID)
	}
}

func handleInitialize(w http.ResponseWriter, msg *jsonrpcMsg) {
	if len(msg.ID) == 0 {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
		return
	}
	sess := table.create()

	var p initializeParams
	if err := json.Unmarshal(msg.Params, &p); err != nil {
		writeError(w, http.StatusBadRequest, -32602, "Invalid params: "+err.Error(), msg.ID)
		return
	}
	sess.clientName = p.ClientInfo.Name
	sess.version = "2025-06-18"
	if p.ProtocolVersion == "2025-03-26" {
		sess.version = p.ProtocolVersion
	}
	log.Printf("initialized session %s for %s %s", sess.id, p.ClientInfo.Name, p.ClientInfo.Version)

	w.Header().Set("Mcp-Session-Id", sess.id)
	writeResult(w, msg.ID, map[string]any{
		"protocolVersion": sess.version,
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]string{"name": "docs-search", "version": "1.4.0"},
	})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}

func writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
