package srv20

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

type Session struct {
	ID       string
	Revision string
	Opened   time.Time
}

type table struct {
	sync.Mutex
	items map[string]*Session
}

func (t *table) Exists(id string) bool {
	t.Lock()
	defer t.Unlock()
	_, ok := t.items[id]
	return ok
}

func (t *table) Save(s *Session) {
	t.Lock()
	t.items[s.ID] = s
	t.Unlock()
}

var revisions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"}

type Server struct {
	t *table
}

func NewServer() *Server { return &Server{t: &table{items: map[string]*Session{}}} }

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`, code, msg)))
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	switch r.Method {
	case http.MethodGet:
		if sid == "" {
			writeRPCError(w, http.StatusForbidden, -32000, "Forbidden: no session")
			return
		}
		if !s.t.Exists(sid) {
			writeRPCError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		return
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, POST")
		writeRPCError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: "+r.Method)
		return
	}

	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	if req.Method == "initialize" {
		rev := revisions[1]
		for _, v := range revisions {
			if v == req.Params.ProtocolVersion {
				rev = v
			}
		}
		sess := &Session{ID: sid, Revision: rev, Opened: time.Now()}
		if sess.ID == "" {
			sess.ID = strings.ReplaceAll(uuid.NewString(), "-", "")
		}
		s.t.Save(sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"protocolVersion": rev}})
		return
	}

	if sid == "" {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if !s.t.Exists(sid) {
		w.Header().Set("X-Session-Warning", "unknown session "+sid)
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
}
