package srv4

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

var (
	ErrSessionNotFound = errors.New("session not found")
	ErrSessionExpired  = errors.New("session expired")
)

type Session struct {
	ID        string
	Version   string
	UpdatedAt time.Time
}

type Store interface {
	Load(ctx context.Context, id string) (Session, error)
	Save(ctx context.Context, s Session) error
}

const modernRevision = "2026-07-28"

type Service struct {
	store Store
	log   *slog.Logger
}

func NewService(st Store, log *slog.Logger) *Service { return &Service{store: st, log: log} }

func (s *Service) Router() http.Handler {
	r := chi.NewRouter()
	r.Post("/mcp", s.handle)
	return r
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func respondErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func respond(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (s *Service) handle(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		respondErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	// Modern clients are stateless; no session bookkeeping at all, but keep
	// the header round-tripping for proxies that pin on it.
	if r.Header.Get("MCP-Protocol-Version") == modernRevision {
		if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
			w.Header().Set("Mcp-Session-Id", sid)
		}
		respond(w, env.ID, map[string]any{"served": "stateless"})
		return
	}

	if env.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		json.Unmarshal(env.Params, &p)
		version := "2025-11-25"
		if p.ProtocolVersion == "2025-06-18" || p.ProtocolVersion == "2025-03-26" {
			version = p.ProtocolVersion
		}
		sess := Session{ID: uuid.NewString(), Version: version, UpdatedAt: time.Now()}
		if err := s.store.Save(r.Context(), sess); err != nil {
			s.log.Error("save session", "err", err)
			respondErr(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		respond(w, env.ID, map[string]any{"protocolVersion": version, "capabilities": map[string]any{}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		respondErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess, err := s.store.Load(r.Context(), sid)
	switch {
	case errors.Is(err, ErrSessionNotFound):
		respondErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	case errors.Is(err, ErrSessionExpired):
		respondErr(w, http.StatusUnauthorized, -32000, "Session expired")
		return
	case err != nil:
		s.log.Error("load session", "id", sid, "err", err)
		respondErr(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}

	sess.UpdatedAt = time.Now()
	_ = s.store.Save(r.Context(), sess)
	if len(env.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	respond(w, env.ID, map[string]any{})
}
