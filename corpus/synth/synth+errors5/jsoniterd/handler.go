// Package jsoniterd is the MCP endpoint of the geocoder. It decodes with
// json-iterator because the geocoder already depends on it.
package jsoniterd

import (
	"io"
	"net/http"
	"sync"
	"time"

	jsoniter "github.com/json-iterator/go"
)

var jsonx = jsoniter.ConfigCompatibleWithStandardLibrary

type request struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id"`
	Method  string              `json:"method"`
	Params  jsoniter.RawMessage `json:"params"`
}

type state struct {
	initialized bool
	since       time.Time
}

type Handler struct {
	geo Geocoder

	mu    sync.Mutex
	state map[string]*state
}

func NewHandler(geo Geocoder) *Handler {
	return &Handler{geo: geo, state: make(map[string]*state)}
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodDelete:
		h.del(w, r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		reply(w, http.StatusMethodNotAllowed, nil, -32000, "Method not allowed")
	}
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		reply(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	if !jsonx.Valid(body) {
		reply(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	var req request
	if err := jsonx.Unmarshal(body, &req); err != nil {
		reply(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		reply(w, http.StatusBadRequest, req.ID, -32600, "Invalid Request")
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if req.Method == "initialize" {
		if sid != "" {
			h.mu.Lock()
			st, known := h.state[sid]
			h.mu.Unlock()
			if known && st.initialized {
				reply(w, http.StatusInternalServerError, req.ID, -32603, "session already initialized")
				return
			}
		}
		h.initialize(w, &req)
		return
	}
	if sid == "" {
		reply(w, http.StatusBadRequest, req.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	h.mu.Lock()
	_, ok := h.state[sid]
	h.mu.Unlock()
	if !ok {
		reply(w, http.StatusNotFound, req.ID, -32001, "Session not found")
		return
	}
	if len(req.ID) == 0 || string(req.ID) == "null" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	h.call(w, r, &req)
}

func (h *Handler) del(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		reply(w, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	h.mu.Lock()
	_, ok := h.state[sid]
	delete(h.state, sid)
	h.mu.Unlock()
	if !ok {
		reply(w, http.StatusNotFound, nil, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
