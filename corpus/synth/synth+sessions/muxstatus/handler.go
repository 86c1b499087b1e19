// Package muxstatus serves MCP on a gorilla/mux router for the reporting
// service.
package muxstatus

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

var sessionHeader = http.CanonicalHeaderKey("mcp-session-id")

type jsonrpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Handler answers MCP requests.
type Handler struct {
	reg  *registry
	call func(s *Session, req request) (any, *jsonrpcError)
}

func NewHandler(call func(s *Session, req request) (any, *jsonrpcError)) *Handler {
	return &Handler{reg: newRegistry(), call: call}
}

// Attach registers the routes.
func (h *Handler) Attach(r *mux.Router) {
	r.HandleFunc("/mcp", h.handleMessage).Methods(http.MethodPost)
	r.HandleFunc("/mcp", h.handleDelete).Methods(http.MethodDelete)
}

func (h *Handler) handleMessage(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, nil, &jsonrpcError{Code: -32700, Message: "Parse error"})
		return
	}

	status := http.StatusOK
	var rpcErr *jsonrpcError
	var sess *Session
	vals := r.Header[sessionHeader]
	switch {
	case req.Method == "initialize":
		sess = &Session{ID: uuid.NewString(), Started: time.Now(), Events: make(chan []byte, 8)}
	case len(vals) == 0:
		status = http.StatusBadRequest
		rpcErr = &jsonrpcError{Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"}
	default:
		sess = h.reg.find(vals[0])
		if sess == nil {
			status = http.StatusForbidden
			rpcErr = &jsonrpcError{Code: -32001, Message: "Session not found"}
		}
	}
	if rpcErr != nil {
		writeError(w, status, req.ID, rpcErr)
		return
	}

	result, callErr := h.call(sess, req)
	if callErr != nil {
		writeError(w, http.StatusOK, req.ID, callErr)
		return
	}
	if req.Method == "initialize" {
		h.reg.put(sess)
		w.Header().Set(sessionHeader, sess.ID)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func (h *Handler) handleDelete(w http.ResponseWriter, r *http.Request) {
	vals := r.Header[sessionHeader]
	if len(vals) == 0 {
		writeError(w, http.StatusBadRequest, nil, &jsonrpcError{Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"})
		return
	}
	h.reg.drop(vals[0])
	w.WriteHeader(http.StatusOK)
}

func writeError(w http.ResponseWriter, status int, id json.RawMessage, e *jsonrpcError) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": e})
}
