package srv12

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"
)

const (
	headerSessionID       = "Mcp-Session-Id"
	headerProtocolVersion = "MCP-Protocol-Version"
)

var serverVersions = []string{"2025-11-25", "2025-06-18"}

// SessionRepo is backed by Postgres in production.
type SessionRepo interface {
	// Find returns (nil, nil) when no row matches.
	Find(ctx context.Context, id string) (*SessionRow, error)
	Insert(ctx context.Context, row *SessionRow) error
}

type SessionRow struct {
	ID      string
	Version string
}

type API struct {
	Repo SessionRepo
}

func sessionID(h http.Header) string { return h.Get(headerSessionID) }

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   any    `json:"error"`
	}{"2.0", nil, map[string]any{"code": code, "message": msg}})
}

func (a *API) Routes() chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if v := r.Header.Get(headerProtocolVersion); v != "" && !slices.Contains(serverVersions, v) && v != "2025-03-26" {
				writeRPCError(w, http.StatusUpgradeRequired, -32000, "unsupported protocol version "+v)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	r.Post("/mcp", a.post)
	return r
}

type inbound struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func (a *API) post(w http.ResponseWriter, r *http.Request) {
	var in inbound
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	ctx := r.Context()

	if in.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(in.Params, &p)
		chosen := serverVersions[0]
		if slices.Contains(serverVersions, p.ProtocolVersion) {
			chosen = p.ProtocolVersion
		}
		row := &SessionRow{ID: uuid.NewString(), Version: chosen}
		if err := a.Repo.Insert(ctx, row); err != nil {
			writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		w.Header().Set(headerSessionID, row.ID)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{"protocolVersion": chosen}})
		return
	}

	sid := sessionID(r.Header)
	if sid == "" {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	row, err := a.Repo.Find(ctx, sid)
	if err != nil || row == nil {
		if errors.Is(err, sql.ErrConnDone) {
			log.Printf("session lookup: database connection closed")
		}
		writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error: could not load session")
		return
	}

	if len(in.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{}})
}
