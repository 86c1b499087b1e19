package sdkguard

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const maxBody = 2 << 20

// Guard checks tenants and sessions against Postgres before the request
// reaches the SDK's handler.
type Guard struct {
	db   *sql.DB
	next http.Handler
}

func NewGuard(db *sql.DB, srv *mcp.Server) *Guard {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	return &Guard{db: db, next: h}
}

func jsonError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func (g *Guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		if r.ContentLength > maxBody {
			jsonError(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 2 MiB")
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			jsonError(w, http.StatusBadRequest, -32700, "Parse error")
			return
		}
		if len(body) > maxBody {
			jsonError(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 2 MiB")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		g.next.ServeHTTP(w, r)
		return
	}
	var revoked bool
	err := g.db.QueryRowContext(r.Context(),
		`SELECT revoked FROM mcp_sessions WHERE session_id = $1`, sid).Scan(&revoked)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		jsonError(w, http.StatusNotFound, -32001, "Session not found")
		return
	case err != nil:
		log.Printf("session lookup %s: %v", sid, err)
		jsonError(w, http.StatusNotFound, -32001, "Session not found")
		return
	case revoked:
		jsonError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	g.next.ServeHTTP(w, r)
}
