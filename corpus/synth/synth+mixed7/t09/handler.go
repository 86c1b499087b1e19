package t09

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"
)

type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type Service struct {
	logger   *slog.Logger
	sessions sync.Map
}

func NewService(logger *slog.Logger) *Service { return &Service{logger: logger} }

func (s *Service) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Post("/mcp", s.handle)
	return r
}

func respondError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Service) decode(r *http.Request) (*Message, int, string) {
	raw, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 1<<20))
	if err != nil {
		return nil, -32000, "Bad Request: the request body could not be read"
	}
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, -32600, "Invalid Request: " + err.Error()
	}
	if m.JSONRPC != "2.0" || m.Method == "" {
		return nil, -32600, "Invalid Request: not JSON-RPC 2.0"
	}
	return &m, 0, ""
}

func (s *Service) handle(w http.ResponseWriter, r *http.Request) {
	msg, code, text := s.decode(r)
	if msg == nil {
		respondError(w, http.StatusBadRequest, nil, code, text)
		return
	}

	if msg.Method == "initialize" {
		id := uuid.NewString()
		s.sessions.Store(id, struct{}{})
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		respondError(w, http.StatusBadRequest, msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if _, ok := s.sessions.Load(sid); !ok {
		respondError(w, http.StatusNotFound, msg.ID, -32001, "Session not found")
		return
	}
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	s.logger.Info("call", "method", msg.Method, "session", sid, "req", middleware.GetReqID(r.Context()))
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}
