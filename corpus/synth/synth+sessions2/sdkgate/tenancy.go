// Package sdkgate runs the go-sdk Streamable HTTP handler for many tenants
// behind one listener and keeps each tenant inside its own sessions.
package sdkgate

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const hdrSessionID = "Mcp-Session-Id"

// TokenVerifier turns a bearer token into the caller's identity.
type TokenVerifier func(token string) (*auth.TokenInfo, error)

type Gate struct {
	inner  http.Handler
	verify TokenVerifier

	mu     sync.Mutex
	owners map[string]string // session id -> user id
}

func New(server *mcp.Server, verify TokenVerifier) *Gate {
	g := &Gate{verify: verify, owners: make(map[string]string)}
	g.inner = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	return g
}

func deny(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": -32000, "message": msg},
	})
}

func (g *Gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || raw == "" {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		deny(w, http.StatusUnauthorized, "Unauthorized: bearer token required")
		return
	}
	info, err := g.verify(raw)
	if err != nil {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		deny(w, http.StatusUnauthorized, "Unauthorized: invalid token")
		return
	}

	sid := r.Header.Get(hdrSessionID)
	if sid == "" {
		if r.Method != http.MethodPost {
			deny(w, http.StatusUnauthorized, "Unauthorized: no session")
			return
		}
		g.inner.ServeHTTP(&ownerRecorder{ResponseWriter: w, gate: g, user: info.UserID}, r)
		return
	}

	g.mu.Lock()
	owner, known := g.owners[sid]
	g.mu.Unlock()
	if !known || owner != info.UserID {
		deny(w, http.StatusForbidden, "Forbidden: session user mismatch")
		return
	}
	if r.Method == http.MethodDelete {
		defer g.forget(sid)
	}
	g.inner.ServeHTTP(w, r)
}

func (g *Gate) forget(sid string) {
	g.mu.Lock()
	delete(g.owners, sid)
	g.mu.Unlock()
}

// ownerRecorder notes which user a freshly minted session belongs to.
type ownerRecorder struct {
	http.ResponseWriter
	gate *Gate
	user string
	done bool
}

func (o *ownerRecorder) WriteHeader(code int) {
	if !o.done {
		o.done = true
		if sid := o.Header().Get(hdrSessionID); sid != "" && code < 300 {
			o.gate.mu.Lock()
			o.gate.owners[sid] = o.user
			o.gate.mu.Unlock()
		}
	}
	o.ResponseWriter.WriteHeader(code)
}

func (o *ownerRecorder) Write(b []byte) (int, error) {
	if !o.done {
		o.WriteHeader(http.StatusOK)
	}
	return o.ResponseWriter.Write(b)
}

func (o *ownerRecorder) Flush() {
	if f, ok := o.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
