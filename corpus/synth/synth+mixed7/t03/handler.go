package t03

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"example.com/synth/mixed7/t03/rpc"
)

type Session struct {
	ID      string
	Version string
}

type Handler struct {
	mu       sync.RWMutex
	sessions map[string]*Session
	log      *slog.Logger
}

func New(log *slog.Logger) *Handler {
	return &Handler{sessions: map[string]*Session{}, log: log}
}

func (h *Handler) Routes(r *mux.Router) {
	r.HandleFunc("/mcp", h.post).Methods(http.MethodPost)
	r.HandleFunc("/mcp", h.delete).Methods(http.MethodDelete)
}

func (h *Handler) lookup(id string) (*Session, bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	s, ok := h.sessions[id]
	return s, ok
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		rpc.WriteError(w, http.StatusBadRequest, nil, rpc.CodeServer, "Bad Request: the request body could not be read")
		return
	}
	if !json.Valid(body) {
		rpc.WriteError(w, http.StatusBadRequest, nil, rpc.CodeParseError, "Parse error: body is not valid JSON")
		return
	}
	var req rpc.Request
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		rpc.WriteError(w, http.StatusBadRequest, nil, rpc.CodeInvalidRequest, "Invalid Request: not a JSON-RPC 2.0 request")
		return
	}

	if req.Method == "initialize" {
		h.initialize(w, &req)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpc.WriteError(w, http.StatusBadRequest, req.ID, rpc.CodeServer, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess, ok := h.lookup(sid)
	if !ok {
		rpc.WriteError(w, http.StatusNotFound, req.ID, rpc.CodeNoSession, "Session not found")
		return
	}
	if req.IsNotification() {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	h.log.Debug("request", "session", sess.ID, "method", req.Method)
	rpc.WriteResult(w, req.ID, map[string]any{})
}

func (h *Handler) initialize(w http.ResponseWriter, req *rpc.Request) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		rpc.WriteError(w, http.StatusBadRequest, req.ID, rpc.CodeInvalidParams, "Invalid params: "+err.Error())
		return
	}
	sess := &Session{ID: uuid.NewString(), Version: "2025-06-18"}
	h.mu.Lock()
	h.sessions[sess.ID] = sess
	h.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", sess.ID)
	rpc.WriteResult(w, req.ID, map[string]any{"protocolVersion": sess.Version, "capabilities": map[string]any{}})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpc.WriteError(w, http.StatusBadRequest, nil, rpc.CodeServer, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	h.mu.Lock()
	_, ok := h.sessions[sid]
	delete(h.sessions, sid)
	h.mu.Unlock()
	if !ok {
		rpc.WriteError(w, http.StatusNotFound, nil, rpc.CodeNoSession, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
