// Package hookinit is the CRM's MCP server. Every new session is written
// to the audit table before the client gets its id, and its event stream
// is primed so that the first GET can resume.
package hookinit

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
)

const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeInternal       = -32603
	codeServer         = -32000
	codeNoSession      = -32001
)

type Auditor interface {
	SessionOpened(ctx context.Context, id, client string, at time.Time) error
}

type EventPrimer interface {
	Prime(ctx context.Context, sessionID string) error
}

type sess struct {
	id     string
	client string
}

type Server struct {
	audit  Auditor
	events EventPrimer
	log    *slog.Logger

	mu       sync.Mutex
	sessions map[string]*sess
}

func New(a Auditor, e EventPrimer, log *slog.Logger) *Server {
	return &Server{audit: a, events: e, log: log, sessions: map[string]*sess{}}
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) HandlePOST(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		s.log.Debug("read body", "err", err)
		writeError(w, http.StatusBadRequest, nil, codeParseError, "Parse error")
		return
	}
	if !json.Valid(data) {
		writeError(w, http.StatusBadRequest, nil, codeParseError, "Parse error")
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(data, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		writeError(w, http.StatusBadRequest, nil, codeInvalidRequest, "Invalid Request")
		return
	}

	if req.Method == "initialize" {
		s.initialize(w, r, &req)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeError(w, http.StatusBadRequest, req.ID, codeServer, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	cur := s.sessions[sid]
	s.mu.Unlock()
	if cur == nil {
		writeError(w, http.StatusNotFound, req.ID, codeNoSession, "Session not found")
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	s.dispatch(w, r.Context(), cur, &req)
}

func (s *Server) initialize(w http.ResponseWriter, r *http.Request, req *rpcRequest) {
	if r.Header.Get("Mcp-Session-Id") != "" || len(req.ID) == 0 {
		writeError(w, http.StatusBadRequest, req.ID, codeInvalidRequest, "Invalid Request: unexpected initialize")
		return
	}
	var p struct {
		ClientInfo struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeError(w, http.StatusBadRequest, req.ID, -32602, "Invalid params")
		return
	}

	ns := &sess{id: uuid.NewString(), client: p.ClientInfo.Name}
	s.mu.Lock()
	s.sessions[ns.id] = ns
	s.mu.Unlock()

	ctx := r.Context()
	if err := s.audit.SessionOpened(ctx, ns.id, ns.client, time.Now()); err != nil {
		s.forget(ns.id)
		s.log.Error("audit session", "err", err)
		writeError(w, http.StatusBadRequest, req.ID, codeInvalidRequest, "Invalid Request: session could not be opened")
		return
	}
	if err := s.events.Prime(ctx, ns.id); err != nil {
		s.forget(ns.id)
		s.log.Error("prime event stream", "err", err)
		writeError(w, http.StatusInternalServerError, req.ID, codeInternal, "Internal error")
		return
	}

	w.Header().Set("Mcp-Session-Id", ns.id)
	writeResult(w, req.ID, map[string]any{
		"protocolVersion": "2025-11-25",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "crm", "version": "6.0.0"},
	})
}

func (s *Server) forget(id string) {
	s.mu.Lock()
	delete(s.sessions, id)
	s.mu.Unlock()
}
