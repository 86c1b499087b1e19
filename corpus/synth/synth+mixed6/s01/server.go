// Package s01 is a minimal Streamable HTTP MCP endpoint built on net/http.
package s01

import (
	"crypto/rand"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"time"
)

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

type session struct {
	id       string
	client   string
	lastSeen time.Time
}

var (
	mu       sync.Mutex
	sessions = map[string]*session{}
)

var supportedVersions = []string{"2025-06-18", "2025-03-26"}

// Register installs the MCP endpoint on the default mux.
func Register() {
	http.HandleFunc("/mcp", handleMCP)
}

func handleMCP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		handlePost(w, r)
	case http.MethodDelete:
		handleDelete(w, r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		writeError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed", nil)
	}
}

func handlePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}
	if req.Method == "initialize" {
		initialize(w, &req)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	mu.Lock()
	sess, ok := sessions[sid]
	if ok {
		sess.lastSeen = time.Now()
	}
	mu.Unlock()
	if !ok {
		log.Printf("mcp: rejecting request for session %q", sid)
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: invalid session", req.ID)
		return
	}
	if req.Method == "" || len(req.ID) == 0 {
		// notifications and client responses
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		writeResult(w, req.ID, map[string]any{})
	case "tools/list":
		writeResult(w, req.ID, map[string]any{"tools": []any{}})
	default:
		writeError(w, http.StatusOK, -32601, "Method not found", req.ID)
	}
}

func initialize(w http.ResponseWriter, req *rpcRequest) {
	if len(req.ID) == 0 || string(req.ID) == "null" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil {
		writeError(w, http.StatusBadRequest, -32602, "Invalid params", req.ID)
		return
	}
	version := supportedVersions[0]
	for _, v := range supportedVersions {
		if v == params.ProtocolVersion {
			version = v
		}
	}
	sid := rand.Text()
	mu.Lock()
	sessions[sid] = &session{id: sid, client: params.ClientInfo.Name, lastSeen: time.Now()}
	mu.Unlock()
	w.Header().Set("Mcp-Session-Id", sid)
	writeResult(w, req.ID, map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "s01", "version": "0.1.0"},
	})
}

func handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	mu.Lock()
	_, ok := sessions[sid]
	delete(sessions, sid)
	mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}
