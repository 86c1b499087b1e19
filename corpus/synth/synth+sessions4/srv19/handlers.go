package srv19

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

// Session is the persisted session record. A zero Session means "no such session".
type Session struct {
	ID       string    `json:"id"`
	Protocol string    `json:"protocol"`
	Created  time.Time `json:"created"`
}

type Sessions interface {
	Get(ctx context.Context, id string) (Session, error)
	Put(ctx context.Context, s Session) error
	Delete(ctx context.Context, id string) (bool, error)
}

var (
	validID   = regexp.MustCompile(`^[A-Za-z0-9-]{16,64}$`)
	protocols = map[string]bool{"2025-03-26": true, "2025-06-18": true, "2025-11-25": true}
)

type H struct {
	Sessions Sessions
}

type rpc struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func send(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func rpcError(code int, msg string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}}
}

func (h *H) Routes(r chi.Router) {
	r.Route("/mcp", func(r chi.Router) {
		r.Use(h.protocolHeader)
		r.Post("/", h.post)
		r.Delete("/", h.delete)
	})
}

func (h *H) protocolHeader(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get("MCP-Protocol-Version"); v != "" && !protocols[v] {
			send(w, http.StatusUnprocessableEntity, rpcError(-32000, "unsupported protocol version "+v))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (h *H) post(w http.ResponseWriter, r *http.Request) {
	var m rpc
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		send(w, http.StatusBadRequest, rpcError(-32700, "Parse error"))
		return
	}
	ctx := r.Context()
	sid := r.Header.Get("Mcp-Session-Id")

	if m.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(m.Params, &p)
		proto := p.ProtocolVersion
		if !protocols[proto] {
			proto = "2025-11-25"
		}
		if !validID.MatchString(sid) {
			sid = uuid.NewString()
		}
		if err := h.Sessions.Put(ctx, Session{ID: sid, Protocol: proto, Created: time.Now()}); err != nil {
			send(w, http.StatusInternalServerError, rpcError(-32603, "Internal error"))
			return
		}
		w.Header().Set("Mcp-Session-Id", sid)
		send(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"protocolVersion": proto, "capabilities": map[string]any{}}})
		return
	}

	var sess Session
	if sid == "" {
		// tolerate clients that skip the handshake: give them a session
		sess = Session{ID: uuid.NewString(), Protocol: "2025-03-26", Created: time.Now()}
		_ = h.Sessions.Put(ctx, sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
	} else {
		var err error
		if sess, err = h.Sessions.Get(ctx, sid); err != nil {
			send(w, http.StatusInternalServerError, rpcError(-32603, "Internal error"))
			return
		}
		if sess.ID == "" {
			send(w, http.StatusUnauthorized, rpcError(-32000, "invalid session"))
			return
		}
	}
	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	send(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"protocol": sess.Protocol}})
}

func (h *H) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		send(w, http.StatusBadRequest, rpcError(-32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	found, err := h.Sessions.Delete(r.Context(), sid)
	if err != nil {
		send(w, http.StatusInternalServerError, rpcError(-32603, "Internal error"))
		return
	}
	if !found {
		send(w, http.StatusOK, map[string]any{"deleted": false})
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
