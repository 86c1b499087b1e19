package srv10

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
)

// HTTPError is returned by handlers and rendered by ServeHTTP.
type HTTPError struct {
	Status  int
	Code    int
	Message string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("%d/%d: %s", e.Status, e.Code, e.Message) }

var (
	errNoSession   = errors.New("no session")
	errUnknown     = errors.New("unknown session")
	errIdleTimeout = errors.New("session idle timeout")
)

type sess struct {
	version  string
	lastUsed time.Time
}

type Transport struct {
	IdleTimeout time.Duration

	mu       sync.Mutex
	sessions map[string]*sess
}

func NewTransport() *Transport {
	return &Transport{IdleTimeout: 10 * time.Minute, sessions: map[string]*sess{}}
}

func (t *Transport) session(id string) (*sess, error) {
	if id == "" {
		return nil, errNoSession
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	s, ok := t.sessions[id]
	if !ok {
		return nil, errUnknown
	}
	if time.Since(s.lastUsed) > t.IdleTimeout {
		delete(t.sessions, id)
		return nil, errIdleTimeout
	}
	s.lastUsed = time.Now()
	return s, nil
}

func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := t.serve(w, r)
	if err == nil {
		return
	}
	var he *HTTPError
	if !errors.As(err, &he) {
		he = &HTTPError{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error"}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(he.Status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`, he.Code, he.Message)
}

func (t *Transport) serve(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		return &HTTPError{http.StatusMethodNotAllowed, -32000, "Method not allowed: " + r.Method}
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return &HTTPError{http.StatusBadRequest, -32000, "Bad Request: the request body could not be read"}
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(raw, &msg); err != nil {
		return &HTTPError{http.StatusBadRequest, -32700, "Parse error"}
	}

	if msg.Method == "initialize" {
		return t.initialize(w, msg.ID, msg.Params)
	}

	s, err := t.session(r.Header.Get("Mcp-Session-Id"))
	switch {
	case errors.Is(err, errNoSession):
		return &HTTPError{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	case errors.Is(err, errIdleTimeout):
		return &HTTPError{http.StatusRequestTimeout, -32000, "session idle timeout"}
	case errors.Is(err, errUnknown):
		return &HTTPError{http.StatusBadRequest, -32000, "Bad Request: unknown session"}
	case err != nil:
		return err
	}

	if len(msg.ID) == 0 || string(msg.ID) == "null" {
		w.WriteHeader(http.StatusAccepted)
		return nil
	}
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"version": s.version}})
}

func (t *Transport) initialize(w http.ResponseWriter, id, params json.RawMessage) error {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return &HTTPError{http.StatusBadRequest, -32602, "Invalid params: " + err.Error()}
	}
	var version string
	switch p.ProtocolVersion {
	case "2025-03-26", "2025-06-18", "2025-11-25":
		version = p.ProtocolVersion
	default:
		version = "2025-11-25"
	}
	sid := uuid.New().String()
	t.mu.Lock()
	t.sessions[sid] = &sess{version: version, lastUsed: time.Now()}
	t.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", sid)
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{},
	}})
}
