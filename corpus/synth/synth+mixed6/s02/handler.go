// Package s02 implements an MCP server as an http.Handler keeping sessions in a sync.Map.
package s02

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
)

const maxBody = 4 << 20

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type clientSession struct {
	ID      string
	Version string
}

// Handler serves the MCP endpoint.
type Handler struct {
	Logger   *slog.Logger
	sessions sync.Map // string -> *clientSession
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		h.terminate(w, r)
		return
	default:
		w.Header().Set("Allow", "POST, DELETE")
		h.fail(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: "+r.Method, nil)
		return
	}

	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			h.fail(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 4 MiB", nil)
			return
		}
		h.fail(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		h.fail(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON", nil)
		return
	}
	var msg message
	if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" {
		h.fail(w, http.StatusBadRequest, -32600, "Invalid Request: not a JSON-RPC 2.0 message", nil)
		return
	}

	if msg.Method == "initialize" {
		h.initialize(w, &msg)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		h.fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
		return
	}
	v, ok := h.sessions.Load(sid)
	if !ok {
		h.fail(w, http.StatusNotFound, -32001, "Session not found", msg.ID)
		return
	}
	sess := v.(*clientSession)

	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch msg.Method {
	case "ping":
		h.reply(w, msg.ID, struct{}{})
	case "tools/list":
		h.reply(w, msg.ID, map[string]any{"tools": []any{}, "_meta": map[string]string{"version": sess.Version}})
	default:
		h.fail(w, http.StatusOK, -32601, "Method not found", msg.ID)
	}
}

func (h *Handler) initialize(w http.ResponseWriter, msg *message) {
	if len(msg.ID) == 0 {
		h.fail(w, http.StatusBadRequest, -32600, "Invalid Request: initialize must have an id", nil)
		return
	}
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(msg.Params, &p); err != nil {
		h.fail(w, http.StatusBadRequest, -32602, "Invalid params: "+err.Error(), msg.ID)
		return
	}
	version := "2025-06-18"
	if p.ProtocolVersion == "2025-03-26" {
		version = p.ProtocolVersion
	}
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		h.Logger.Error("session id generation failed", "err", err)
		h.fail(w, http.StatusInternalServerError, -32603, "Internal error", msg.ID)
		return
	}
	sid := hex.EncodeToString(buf)
	h.sessions.Store(sid, &clientSession{ID: sid, Version: version})
	w.Header().Set("Mcp-Session-Id", sid)
	h.reply(w, msg.ID, map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{},
		"serverInfo":      map[string]string{"name": "s02", "version": "1.0.0"},
	})
}

func (h *Handler) terminate(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		h.fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	if _, loaded := h.sessions.LoadAndDelete(sid); !loaded {
		h.fail(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) reply(w http.ResponseWriter, id json.RawMessage, result any) {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	if err != nil {
		h.Logger.Error("encoding result", "err", err)
		h.fail(w, http.StatusInternalServerError, -32603, "Internal error", id)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func (h *Handler) fail(w http.ResponseWriter, status, code int, message string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"error":   map[string]any{"code": code, "message": message},
		"id":      id,
	})
}
