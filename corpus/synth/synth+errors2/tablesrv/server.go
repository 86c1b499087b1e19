// Package tablesrv is a small stateful MCP endpoint backed by Postgres (via
// sqlx): sessions and tool audit rows both live in the database.
package tablesrv

import (
	"context"
	"encoding/json"
	"log"
	"net/http"
	"strings"

	"github.com/jmoiron/sqlx"
)

// IDSource hands out session ids; the production one is a sequence in the
// database, tests use a counter.
type IDSource interface {
	Next(ctx context.Context) (string, error)
}

type seqIDs struct{ db *sqlx.DB }

func (s seqIDs) Next(ctx context.Context) (string, error) {
	var id string
	err := s.db.GetContext(ctx, &id, `SELECT 'mcp-' || nextval('mcp_session_seq')::text`)
	return id, err
}

type Server struct {
	db  *sqlx.DB
	ids IDSource
}

func New(db *sqlx.DB) *Server { return &Server{db: db, ids: seqIDs{db: db}} }

type wireMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func writeRPC(w http.ResponseWriter, id json.RawMessage, code rpcCode, detail string) {
	msg := codeText[code]
	if detail != "" {
		msg += ": " + detail
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(statusOf(code))
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": int(code), "message": msg},
	})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnsupportedMediaType)
		w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unsupported Media Type: want application/json"}}`))
		return
	}
	var m wireMsg
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		writeRPC(w, nil, parseError, "")
		return
	}
	if m.JSONRPC != "2.0" {
		writeRPC(w, m.ID, invalidRequest, "")
		return
	}

	if m.Method == "initialize" {
		id, err := s.ids.Next(r.Context())
		if err != nil {
			log.Printf("tablesrv: allocate session id: %v", err)
			writeRPC(w, m.ID, internalError, "")
			return
		}
		if _, err := s.db.ExecContext(r.Context(), `INSERT INTO mcp_sessions (id) VALUES ($1)`, id); err != nil {
			log.Printf("tablesrv: insert session: %v", err)
			writeRPC(w, m.ID, internalError, "")
			return
		}
		w.Header().Set("Mcp-Session-Id", id)
		writeResult(w, m.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "tablesrv", "version": "2.1.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeRPC(w, m.ID, sessionMissing, "")
		return
	}
	var live bool
	if err := s.db.GetContext(r.Context(), &live, `SELECT EXISTS (SELECT 1 FROM mcp_sessions WHERE id = $1)`, sid); err != nil {
		log.Printf("tablesrv: session lookup: %v", err)
		writeRPC(w, m.ID, internalError, "")
		return
	}
	if !live {
		writeRPC(w, m.ID, sessionUnknown, "")
		return
	}

	switch m.Method {
	case "tools/list":
		writeResult(w, m.ID, map[string]any{"tools": []any{}})
	default:
		writeRPC(w, m.ID, methodNotFound, m.Method)
	}
}
