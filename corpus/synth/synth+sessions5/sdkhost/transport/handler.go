// Package transport serves go-sdk sessions over Streamable HTTP with a
// session table the host can inspect.
package transport

import (
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/synth/sessions5/sdkhost/internal/sessmap"
)

const maxBody = 4 << 20

type live struct {
	t  *mcp.StreamableServerTransport
	ss *mcp.ServerSession
}

type Handler struct {
	Server *mcp.Server
	Log    *slog.Logger

	table *sessmap.Map[*live]
}

func New(server *mcp.Server, log *slog.Logger) *Handler {
	return &Handler{Server: server, Log: log, table: sessmap.New[*live]()}
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost, http.MethodGet:
	case http.MethodDelete:
		h.terminate(w, r)
		return
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		fail(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: "+r.Method)
		return
	}

	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		l, ok := h.table.Get(id)
		if !ok {
			fail(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		l.t.ServeHTTP(w, r)
		return
	}

	if r.Method != http.MethodPost {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	method, err := peekMethod(r, maxBody)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	if method != "initialize" {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	h.handshake(w, r)
}

func (h *Handler) handshake(w http.ResponseWriter, r *http.Request) {
	if !acceptsBoth(r) {
		fail(w, http.StatusNotAcceptable, -32000, "Not Acceptable: client must accept application/json and text/event-stream")
		return
	}
	if !isJSON(r) {
		fail(w, http.StatusUnsupportedMediaType, -32000, "Unsupported Media Type: want application/json")
		return
	}

	id := rand.Text()
	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := h.Server.Connect(r.Context(), t, nil)
	if err != nil {
		h.Log.Error("connect", "err", err)
		fail(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	h.table.Put(id, &live{t: t, ss: ss})

	t.ServeHTTP(w, r)

	if ss.InitializeParams() == nil {
		// The transport refused the handshake; nobody will ever name
		// this id, so drop it now.
		h.table.Delete(id)
		_ = ss.Close()
	}
}

func (h *Handler) terminate(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	l, ok := h.table.Delete(id)
	if !ok {
		fail(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	_ = l.ss.Close()
	w.WriteHeader(http.StatusNoContent)
}
