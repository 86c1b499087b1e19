// Package stdmux is the inventory MCP server on the standard library's
// ServeMux (Go 1.22 method patterns).
package stdmux

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"time"

	"github.com/google/uuid"

	"example.com/synth/errors5/stdmux/internal/rpcerr"
)

var errNoSession = errors.New("no session")

type SessionStore interface {
	Save(ctx context.Context, s Session) error
	Get(ctx context.Context, id string) (Session, error) // errNoSession when absent
	Delete(ctx context.Context, id string) error
}

type Session struct {
	ID      string
	Created time.Time
	Client  string
}

type Server struct {
	store SessionStore
	limit int64
	tools *toolbox
}

func New(store SessionStore, limit int64) *http.ServeMux {
	s := &Server{store: store, limit: limit, tools: newToolbox()}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.handlePost)
	mux.HandleFunc("DELETE /mcp", s.handleDelete)
	return mux
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, s.limit)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			rpcerr.TooLarge(w, mbe.Limit)
			return
		}
		rpcerr.Unreadable(w)
		return
	}
	if !json.Valid(body) {
		rpcerr.Parse(w)
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		rpcerr.BadRequest(w, nil, "not a JSON-RPC 2.0 request")
		return
	}

	ctx := r.Context()
	if req.Method == "initialize" {
		id, err := uuid.NewRandom()
		if err != nil {
			log.Printf("stdmux: session id: %v", err)
			rpcerr.BadRequest(w, req.ID, "could not allocate a session")
			return
		}
		sess := Session{ID: id.String(), Created: time.Now()}
		if err := s.store.Save(ctx, sess); err != nil {
			log.Printf("stdmux: save session: %v", err)
			rpcerr.Internal(w, req.ID)
			return
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		s.respond(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "inventory", "version": "0.3.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcerr.MissingSession(w, req.ID)
		return
	}
	if _, err := s.store.Get(ctx, sid); errors.Is(err, errNoSession) {
		rpcerr.UnknownSession(w, req.ID)
		return
	} else if err != nil {
		log.Printf("stdmux: get session: %v", err)
		rpcerr.Internal(w, req.ID)
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	res, rerr := s.tools.handle(ctx, req.Method, req.Params)
	if rerr != nil {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": rerr})
		return
	}
	s.respond(w, req.ID, res)
}

func (s *Server) respond(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcerr.MissingSession(w, nil)
		return
	}
	switch err := s.store.Delete(r.Context(), sid); {
	case errors.Is(err, errNoSession):
		rpcerr.UnknownSession(w, nil)
	case err != nil:
		rpcerr.Internal(w, nil)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}
