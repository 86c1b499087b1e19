// Package chisession is the MCP endpoint of the feature-flag service.
// Sessions are held in a sync.Map; the process is a single replica.
package chisession

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type Handler struct {
	sessions sync.Map // string -> time.Time (last activity)
	flags    FlagSource
}

func Routes(flags FlagSource) chi.Router {
	h := &Handler{flags: flags}
	r := chi.NewRouter()
	r.Post("/", h.post)
	r.Delete("/", h.close)
	return r
}

type errorBody struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func errResp(id json.RawMessage, code int, msg string) errorBody {
	if id == nil {
		id = json.RawMessage("null")
	}
	e := errorBody{JSONRPC: "2.0", ID: id}
	e.Error.Code, e.Error.Message = code, msg
	return e
}

func writeErr(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(errResp(id, code, msg))
}

func acceptsBoth(accept string) bool {
	return strings.Contains(accept, "application/json") && strings.Contains(accept, "text/event-stream")
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	if !acceptsBoth(r.Header.Get("Accept")) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(errResp(nil, -32000, "Not Acceptable: client must accept application/json and text/event-stream"))
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeErr(w, http.StatusUnsupportedMediaType, nil, -32000, "Unsupported Media Type: Content-Type must be application/json")
		return
	}

	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeErr(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	if !json.Valid(body) {
		writeErr(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	var m wire
	if err := json.Unmarshal(body, &m); err != nil {
		writeErr(w, http.StatusBadRequest, nil, -32600, "Invalid Request: expected a JSON object")
		return
	}
	if err := validate(m); err != nil {
		writeErr(w, http.StatusBadRequest, nil, -32700, "Parse error: "+err.Error())
		return
	}

	id := m["id"]
	method, _ := m.str("method")
	if method == "initialize" {
		sid := uuid.NewString()
		h.sessions.Store(sid, time.Now())
		w.Header().Set("Mcp-Session-Id", sid)
		writeResult(w, id, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "flags", "version": "0.2.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, id, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if _, ok := h.sessions.Load(sid); !ok {
		writeErr(w, http.StatusNotFound, id, -32001, "Session not found")
		return
	}
	h.sessions.Store(sid, time.Now())
	if id == nil || string(id) == "null" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	writeResult(w, id, h.run(r, method, m["params"]))
}

func (h *Handler) close(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if _, ok := h.sessions.LoadAndDelete(sid); !ok {
		writeErr(w, http.StatusNotFound, nil, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
