package streamable_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// verifyToken knows three bearer tokens: two users and one that verifies
// without naming a user.
func verifyToken(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	users := map[string]string{"tok-alice": "alice", "tok-bob": "bob", "tok-nobody": ""}
	user, ok := users[token]
	if !ok {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{UserID: user, Expiration: time.Now().Add(time.Hour)}, nil
}

func bearer(h http.Handler) http.Handler {
	return auth.RequireBearerToken(verifyToken, nil)(h)
}

// as sends one request under a token (none when token is "").
func as(h http.Handler, token, method, body, session string) (int, string) {
	hdr := []string{protocol.HeaderSessionID, session, protocol.HeaderProtocolVersion, protocol.Version20250618}
	if token != "" {
		hdr = append(hdr, "Authorization", "Bearer "+token)
	}
	w := serve(h, request(method, body, hdr...))
	return w.Code, w.Body.String()
}

// initAs runs the handshake under token and returns the session id.
func initAs(t *testing.T, h http.Handler, token string) string {
	t.Helper()
	w := serve(h, request(http.MethodPost, initBody(1, protocol.Version20250618), "Authorization", "Bearer "+token))
	id := w.Header().Get(protocol.HeaderSessionID)
	if w.Code != http.StatusOK || id == "" {
		t.Fatalf("initialize as %s: %d %s", token, w.Code, w.Body)
	}
	if code, body := as(h, token, http.MethodPost, initializedBody, id); code != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %d %s", code, body)
	}
	return id
}

// A session is its user's: behind go-sdk's bearer middleware, a second
// user's POST, GET and DELETE of the first user's session are refused 403
// by go-sdk's own handler and by a transport, and so are a token naming no
// user; the owner's session goes on working, and the owner can end it.
func TestSessionBelongsToItsPrincipal(t *testing.T) {
	handlers := map[string]func(t *testing.T) http.Handler{
		"go-sdk": func(t *testing.T) http.Handler {
			h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer() }, nil)
			return h
		},
		"transport": func(t *testing.T) http.Handler {
			m := newSessionMap(newServer(), streamable.Options{})
			t.Cleanup(m.closeAll)
			return m
		},
	}
	type step struct {
		token, method, body string
		want                int
	}
	steps := []step{
		{"tok-bob", http.MethodPost, listBody(2), http.StatusForbidden},
		{"tok-bob", http.MethodGet, "", http.StatusForbidden},
		{"tok-bob", http.MethodDelete, "", http.StatusForbidden},
		{"tok-nobody", http.MethodPost, listBody(3), http.StatusForbidden},
		{"tok-nobody", http.MethodDelete, "", http.StatusForbidden},
		{"tok-alice", http.MethodPost, listBody(4), http.StatusOK},
		{"tok-alice", http.MethodDelete, "", http.StatusOK},
		{"tok-alice", http.MethodPost, listBody(5), http.StatusNotFound},
	}
	got := map[string][]int{}
	for name, build := range handlers {
		t.Run(name, func(t *testing.T) {
			h := bearer(build(t))
			id := initAs(t, h, "tok-alice")
			for _, s := range steps {
				code, body := as(h, s.token, s.method, s.body, id)
				if code == http.StatusNoContent {
					code = http.StatusOK // go-sdk's DELETE; the transport answers 200
				}
				got[name] = append(got[name], code)
				if code != s.want {
					t.Errorf("%s %s as %s: %d %s, want %d", s.method, strings.TrimSpace(s.body), s.token, code, body, s.want)
				}
				if name == "transport" && code == http.StatusForbidden && !strings.Contains(body, `"code":-32000`) {
					t.Errorf("403 body %s, want a JSON-RPC error -32000", body)
				}
			}
		})
	}
	if len(got["transport"]) != len(steps) || len(got["go-sdk"]) != len(steps) {
		t.Fatalf("steps run: %v", got)
	}
	for i := range steps {
		if got["transport"][i] != got["go-sdk"][i] {
			t.Errorf("step %d (%s as %s): transport %d, go-sdk %d", i, steps[i].method, steps[i].token, got["transport"][i], got["go-sdk"][i])
		}
	}
}

// Options.Principal replaces the TokenInfo: here the user is a header a
// fronting proxy sets. A session opened with no principal is anyone's, as
// in go-sdk's handler.
func TestPrincipalOption(t *testing.T) {
	m := newSessionMap(newServer(), streamable.Options{Principal: func(r *http.Request) string { return r.Header.Get("X-User") }})
	t.Cleanup(m.closeAll)
	post := func(user, body, session string) int {
		return serve(m, request(http.MethodPost, body, "X-User", user, protocol.HeaderSessionID, session)).Code
	}
	w := serve(m, request(http.MethodPost, initBody(1, protocol.Version20250618), "X-User", "carol"))
	owned := w.Header().Get(protocol.HeaderSessionID)
	if code := post("dave", listBody(2), owned); code != http.StatusForbidden {
		t.Errorf("another user's tools/list: %d, want 403", code)
	}
	if code := post("", listBody(3), owned); code != http.StatusForbidden {
		t.Errorf("tools/list with no user: %d, want 403", code)
	}
	if code := post("carol", listBody(4), owned); code != http.StatusOK {
		t.Errorf("the owner's tools/list: %d, want 200", code)
	}

	w = serve(m, request(http.MethodPost, initBody(1, protocol.Version20250618)))
	open := w.Header().Get(protocol.HeaderSessionID)
	if code := post("dave", listBody(5), open); code != http.StatusOK {
		t.Errorf("tools/list on a session with no owner: %d, want 200", code)
	}
}
