// Package s19 implements the MCP endpoint of the notes service.
package s19

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"slices"
	"sync"
)

var sessionVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26"}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type Endpoint struct {
	MaxBody int64

	mu       sync.RWMutex
	sessions map[string]string // id -> negotiated version
}

func NewEndpoint() *Endpoint {
	return &Endpoint{MaxBody: 1 << 20, sessions: make(map[string]string)}
}

func reject(w http.ResponseWriter, status, code int, message string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{code, message}})
}

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost && r.Method != http.MethodDelete {
		w.Header().Set("Allow", "POST, DELETE")
		reject(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: "+r.Method, nil)
		return
	}
	if v := r.Header.Get("MCP-Protocol-Version"); v != "" && !slices.Contains(sessionVersions, v) {
		reject(w, http.StatusBadRequest, -32000, "Bad Request: unsupported protocol version "+v, nil)
		return
	}

	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id,omitempty"`
		Method  string          `json:"method"`
		Params  json.RawMessage `json:"params,omitempty"`
	}
	if r.Method == http.MethodPost {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, e.MaxBody))
		var tooLarge *http.MaxBytesError
		switch {
		case errors.As(err, &tooLarge):
			reject(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 1 MiB", nil)
			return
		case err != nil:
			reject(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
			return
		case !json.Valid(body):
			reject(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON", nil)
			return
		}
		if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" {
			reject(w, http.StatusBadRequest, -32600, "Invalid Request: not a JSON-RPC 2.0 message", nil)
			return
		}
		if msg.Method == "initialize" {
			e.initialize(w, msg.ID, msg.Params)
			return
		}
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		reject(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
		return
	}
	e.mu.RLock()
	_, ok := e.sessions[sid]
	e.mu.RUnlock()
	if !ok {
		reject(w, http.StatusNotFound, -32001, "Session not found", msg.ID)
		return
	}

	if r.Method == http.MethodDelete {
		e.mu.Lock()
		delete(e.sessions, sid)
		e.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch msg.Method {
	case "ping":
		json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: msg.ID, Result: struct{}{}})
	default:
		json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: msg.ID, Error: &rpcError{-32601, "Method not found"}})
	}
}

func (e *Endpoint) initialize(w http.ResponseWriter, id, params json.RawMessage) {
	if len(id) == 0 || string(id) == "null" {
		reject(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
		return
	}
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		reject(w, http.StatusBadRequest, -32602, "Invalid params: initialize params must be an object", id)
		return
	}
	version := sessionVersions[0]
	if slices.Contains(sessionVersions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	sid := rand.Text()
	e.mu.Lock()
	e.sessions[sid] = version
	e.mu.Unlock()
	log.Printf("notes-mcp: session %s negotiated %s", sid, version)

	w.Header().Set("Mcp-Session-Id", sid)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Result: map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{"resources": map[string]any{}},
		"serverInfo":      map[string]string{"name": "notes", "version": "2.3.1"},
	}})
}
