// Package echoserver runs the MCP endpoint of the admin console on echo.
package echoserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

const ctxRPCMethod = "mcp.method"

type session struct {
	id       string
	user     string
	expires  time.Time
	outbound chan []byte
}

func (s *session) expired(now time.Time) bool { return now.After(s.expires) }

// TokenVerifier checks bearer tokens issued by the console.
type TokenVerifier interface {
	Verify(token string) (user string, err error)
}

// Server holds live sessions in a sync.Map keyed by session id.
type Server struct {
	sessions sync.Map // string -> *session
	tokens   TokenVerifier
	ttl      time.Duration
	handle   func(c echo.Context, s *session, body []byte) error
}

func New(tokens TokenVerifier, ttl time.Duration) *Server {
	return &Server{tokens: tokens, ttl: ttl}
}

// Mount registers the routes on e.
func (s *Server) Mount(e *echo.Echo) {
	g := e.Group("/mcp", s.authenticate, peekMethod, s.requireSession)
	g.POST("", s.post)
	g.GET("", s.stream)
	g.DELETE("", s.remove)
}

func (s *Server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		authz := c.Request().Header.Get(echo.HeaderAuthorization)
		token, found := strings.CutPrefix(authz, "Bearer ")
		if !found || token == "" {
			c.Response().Header().Set(echo.HeaderWWWAuthenticate, `Bearer realm="mcp"`)
			return echo.NewHTTPError(http.StatusUnauthorized, "missing bearer token")
		}
		user, err := s.tokens.Verify(token)
		if err != nil {
			return echo.NewHTTPError(http.StatusUnauthorized, "invalid bearer token")
		}
		c.Set("user", user)
		return next(c)
	}
}

// peekMethod records the JSON-RPC method of a POST so later middleware can
// let initialize through; the body is restored for the handler.
func peekMethod(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodPost {
			return next(c)
		}
		raw, err := io.ReadAll(req.Body)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
		}
		req.Body = io.NopCloser(bytes.NewReader(raw))
		var probe struct {
			Method string `json:"method"`
		}
		_ = json.Unmarshal(raw, &probe)
		c.Set(ctxRPCMethod, probe.Method)
		return next(c)
	}
}

func (s *Server) requireSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Get(ctxRPCMethod) == "initialize" {
			return next(c)
		}
		id := c.Request().Header.Get("Mcp-Session-Id")
		if len(id) == 0 {
			return echo.NewHTTPError(http.StatusUnauthorized, "session required")
		}
		v, ok := s.sessions.Load(id)
		if !ok {
			return echo.NewHTTPError(http.StatusNotFound, "session not found")
		}
		c.Set("session", v.(*session))
		return next(c)
	}
}

func (s *Server) post(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if c.Get(ctxRPCMethod) == "initialize" {
		sess := &session{
			id:       newID(),
			user:     c.Get("user").(string),
			expires:  time.Now().Add(s.ttl),
			outbound: make(chan []byte, 16),
		}
		if err := s.handle(c, sess, body); err != nil {
			return err
		}
		s.sessions.Store(sess.id, sess)
		c.Response().Header().Set("Mcp-Session-Id", sess.id)
		return nil
	}
	return s.handle(c, c.Get("session").(*session), body)
}

func (s *Server) stream(c echo.Context) error {
	sess := c.Get("session").(*session)
	if sess.expired(time.Now()) {
		s.sessions.Delete(sess.id)
		return echo.NewHTTPError(http.StatusGone, "session expired")
	}
	res := c.Response()
	res.Header().Set(echo.HeaderContentType, "text/event-stream")
	res.WriteHeader(http.StatusOK)
	res.Flush()
	for {
		select {
		case <-c.Request().Context().Done():
			return nil
		case msg := <-sess.outbound:
			_, _ = res.Write([]byte("event: message\ndata: "))
			_, _ = res.Write(msg)
			_, _ = res.Write([]byte("\n\n"))
			res.Flush()
		}
	}
}

func (s *Server) remove(c echo.Context) error {
	sess := c.Get("session").(*session)
	s.sessions.Delete(sess.id)
	return c.NoContent(http.StatusNoContent)
}
