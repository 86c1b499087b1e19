package srv6

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"
)

const (
	hdrSession  = "Mcp-Session-Id"
	hdrProtocol = "Mcp-Protocol-Version"
)

type clientState struct {
	name    string
	version string
}

type MCPServer struct {
	cache *lru.Cache[string, *clientState]
}

func NewMCPServer(size int) (*MCPServer, error) {
	c, err := lru.New[string, *clientState](size)
	if err != nil {
		return nil, err
	}
	return &MCPServer{cache: c}, nil
}

type errorBody struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func fail(w http.ResponseWriter, status, code int, format string, args ...any) {
	var b errorBody
	b.JSONRPC = "2.0"
	b.Error.Code = code
	b.Error.Message = fmt.Sprintf(format, args...)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(b)
}

func (s *MCPServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if pv := r.Header.Get(hdrProtocol); pv != "" {
		switch pv {
		case "2025-03-26", "2025-06-18", "2025-11-25":
		default:
			fail(w, http.StatusNotImplemented, -32000, "protocol version %q not implemented (supported: 2025-03-26, 2025-06-18, 2025-11-25)", pv)
			return
		}
	}

	switch r.Method {
	case http.MethodPost:
		s.post(w, r)
	case http.MethodDelete:
		s.del(w, r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		fail(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: %s", r.Method)
	}
}

func (s *MCPServer) post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		ID     *json.RawMessage `json:"id"`
		Method string           `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
			ClientInfo      struct {
				Name string `json:"name"`
			} `json:"clientInfo"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	if msg.Method == "initialize" {
		id := strings.ReplaceAll(uuid.NewString(), "-", "")
		st := &clientState{name: msg.Params.ClientInfo.Name, version: "2025-11-25"}
		if msg.Params.ProtocolVersion == "2025-06-18" || msg.Params.ProtocolVersion == "2025-03-26" {
			st.version = msg.Params.ProtocolVersion
		}
		s.cache.Add(id, st)
		w.Header().Set(hdrSession, id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{
			"protocolVersion": st.version, "capabilities": map[string]any{"tools": map[string]any{}},
		}})
		return
	}

	id := r.Header.Get(hdrSession)
	if id == "" {
		fail(w, http.StatusUnauthorized, -32000, "Unauthorized: no session")
		return
	}
	st, ok := s.cache.Get(id)
	if !ok {
		// evicted or never existed
		fail(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	_ = st
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}

func (s *MCPServer) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(hdrSession)
	if id == "" {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.cache.Remove(id)
	w.WriteHeader(http.StatusNoContent)
}
