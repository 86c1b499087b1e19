// Package srv2 exposes a calendar MCP server with a hand-managed session
// table, so sessions can be listed from the admin endpoint.
package srv2

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const maxBody = 4 << 20

var supportedVersions = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

type Handler struct {
	Server *mcp.Server
	Log    *slog.Logger

	mu       sync.RWMutex
	sessions map[string]*live
}

type live struct {
	t       *mcp.StreamableServerTransport
	ss      *mcp.ServerSession
	created time.Time
}

func NewHandler(s *mcp.Server) *Handler {
	return &Handler{Server: s, Log: slog.Default(), sessions: map[string]*live{}}
}

func rpcErr(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		JSONRPC string          `json:"jsonrpc"`
		Error   any             `json:"error"`
		ID      json.RawMessage `json:"id"`
	}{"2.0", map[string]any{"code": code, "message": msg}, id})
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		h.mu.RLock()
		l := h.sessions[sid]
		h.mu.RUnlock()
		if l == nil {
			rpcErr(w, http.StatusNotFound, nil, -32001, "Session not found")
			return
		}
		l.t.ServeHTTP(w, r)
		return
	}
	if r.Method != http.MethodPost {
		rpcErr(w, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	h.handshake(w, r)
}

func (h *Handler) handshake(w http.ResponseWriter, r *http.Request) {
	acc := r.Header.Get("Accept")
	if !strings.Contains(acc, "application/json") || !strings.Contains(acc, "text/event-stream") {
		rpcErr(w, http.StatusNotAcceptable, nil, -32000, "Not Acceptable: need application/json and text/event-stream")
		return
	}
	if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
		rpcErr(w, http.StatusUnsupportedMediaType, nil, -32000, "Unsupported Media Type: use application/json")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			rpcErr(w, http.StatusRequestEntityTooLarge, nil, -32000, "Request body larger than 4 MiB")
			return
		}
		rpcErr(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	if !json.Valid(body) {
		rpcErr(w, http.StatusBadRequest, nil, -32700, "Parse error: body is not valid JSON")
		return
	}
	var req struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" {
		rpcErr(w, http.StatusBadRequest, nil, -32600, "Invalid Request: not a JSON-RPC 2.0 request")
		return
	}
	if req.Method != "initialize" {
		rpcErr(w, http.StatusBadRequest, req.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}

	sid, err := uuid.NewRandom()
	if err != nil {
		h.Log.Error("session id", "err", err)
		rpcErr(w, http.StatusInternalServerError, req.ID, -32603, "Internal error")
		return
	}
	t := &mcp.StreamableServerTransport{SessionID: sid.String()}
	ss, err := h.Server.Connect(context.WithoutCancel(r.Context()), t, nil)
	if err != nil {
		h.Log.Error("connect", "err", err)
		rpcErr(w, http.StatusInternalServerError, req.ID, -32603, "Internal error")
		return
	}

	if v := r.Header.Get("MCP-Protocol-Version"); v != "" && !slices.Contains(supportedVersions, v) {
		ss.Close()
		rpcErr(w, http.StatusBadRequest, req.ID, -32000, "Bad Request: unsupported protocol version "+v)
		return
	}

	r.Body = io.NopCloser(bytes.NewReader(body))
	t.ServeHTTP(w, r)
	if ss.InitializeParams() == nil {
		// The server did not accept the handshake; nothing can reach this
		// session again.
		ss.Close()
		return
	}
	h.mu.Lock()
	h.sessions[sid.String()] = &live{t: t, ss: ss, created: time.Now()}
	h.mu.Unlock()
	go func() {
		_ = ss.Wait()
		h.mu.Lock()
		delete(h.sessions, sid.String())
		h.mu.Unlock()
	}()
}

// Count reports the number of live sessions.
func (h *Handler) Count() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.sessions)
}
