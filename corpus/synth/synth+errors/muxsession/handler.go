// Package muxsession is the session-keeping MCP endpoint of the notes
// service, on gorilla/mux.
package muxsession

import (
	"encoding/json"
	"log"
	"net/http"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

const (
	headerSession = "Mcp-Session-Id"

	codeInvalidRequest = -32600
	codeInvalidParams  = -32602
	codeInternal       = -32603
	codeServer         = -32000
	codeNoSession      = -32001
)

var supportedVersions = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

type request struct {
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

type Handler struct {
	sessions SessionStore
	logger   *log.Logger
}

func NewHandler(store SessionStore, logger *log.Logger) *Handler {
	return &Handler{sessions: store, logger: logger}
}

func (h *Handler) Routes(r *mux.Router) {
	r.HandleFunc("/mcp", h.post).Methods(http.MethodPost)
	r.HandleFunc("/mcp", h.del).Methods(http.MethodDelete)
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if req.Method == "initialize" {
		h.initialize(w, r, &req)
		return
	}
	sid := r.Header.Get(headerSession)
	if sid == "" {
		writeError(w, http.StatusBadRequest, codeServer, "Mcp-Session-Id header is required")
		return
	}
	if _, ok, err := h.sessions.Get(r.Context(), sid); err != nil {
		h.logger.Printf("session lookup: %v", err)
		writeError(w, http.StatusInternalServerError, codeInternal, "Internal error")
		return
	} else if !ok {
		writeError(w, http.StatusNotFound, codeNoSession, "Session not found")
		return
	}
	// Everything past the handshake is handled by the notes router.
	w.WriteHeader(http.StatusAccepted)
}

func (h *Handler) initialize(w http.ResponseWriter, r *http.Request, req *request) {
	var p initializeParams
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeError(w, http.StatusBadRequest, codeInvalidParams, "initialize params must be an object")
		return
	}
	if p.ProtocolVersion == "" || p.ClientInfo.Name == "" {
		writeError(w, http.StatusBadRequest, codeInvalidParams, "protocolVersion and clientInfo.name are required")
		return
	}
	version := p.ProtocolVersion
	if !slices.Contains(supportedVersions, version) {
		version = supportedVersions[len(supportedVersions)-1]
	}

	id, err := uuid.NewRandom()
	if err != nil {
		writeError(w, http.StatusBadRequest, codeInvalidRequest, "could not create session")
		return
	}
	sess := &Session{ID: id.String(), ProtocolVersion: version, ClientName: p.ClientInfo.Name, Created: time.Now()}
	if err := h.sessions.Put(r.Context(), sess); err != nil {
		h.logger.Printf("store session %s: %v", sess.ID, err)
		writeError(w, http.StatusInternalServerError, codeInvalidRequest, "session could not be stored")
		return
	}

	w.Header().Set(headerSession, sess.ID)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result": map[string]any{
			"protocolVersion": version,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "notes", "version": "2.1.0"},
		},
	})
}

func (h *Handler) del(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(headerSession)
	if sid == "" {
		writeError(w, http.StatusBadRequest, codeServer, "Mcp-Session-Id header is required")
		return
	}
	if _, ok, err := h.sessions.Get(r.Context(), sid); err != nil {
		writeError(w, http.StatusInternalServerError, codeInternal, "Internal error")
		return
	} else if !ok {
		writeError(w, http.StatusNotFound, codeNoSession, "Session not found")
		return
	}
	if err := h.sessions.Delete(r.Context(), sid); err != nil {
		writeError(w, http.StatusInternalServerError, codeInternal, "Internal error")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
