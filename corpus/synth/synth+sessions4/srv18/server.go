package srv18

import (
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const latest = "2025-11-25"

type UserSession struct {
	ID        string
	Protocol  string
	CreatedAt time.Time
}

// one MCP session per API user
type userSessions struct {
	sync.Mutex
	byUser map[string]*UserSession
}

type Server struct {
	e        *echo.Echo
	sessions *userSessions
	apiKeys  map[string]string
}

type rpcReq struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      any            `json:"id"`
	Method  string         `json:"method"`
	Params  map[string]any `json:"params"`
}

func rpcFail(code int, msg string) echo.Map {
	return echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}}
}

func New(apiKeys map[string]string) *Server {
	s := &Server{e: echo.New(), sessions: &userSessions{byUser: map[string]*UserSession{}}, apiKeys: apiKeys}
	s.e.Use(s.auth)
	s.e.Use(s.protocolVersion)
	s.e.POST("/mcp", s.post)
	return s
}

func (s *Server) Start(addr string) error { return s.e.Start(addr) }

func (s *Server) auth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		user, ok := s.apiKeys[c.Request().Header.Get("X-API-Key")]
		if !ok {
			return echo.ErrUnauthorized
		}
		c.Set("user", user)
		return next(c)
	}
}

func (s *Server) protocolVersion(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		v := c.Request().Header.Get("MCP-Protocol-Version")
		if v != "" && v != "2025-03-26" && v != "2025-06-18" && v != latest {
			return c.JSON(http.StatusBadRequest, rpcFail(-32000, "Bad Request: unsupported protocol version "+v))
		}
		return next(c)
	}
}

func (s *Server) post(c echo.Context) error {
	var req rpcReq
	if err := c.Bind(&req); err != nil {
		return c.JSON(http.StatusBadRequest, rpcFail(-32700, "Parse error"))
	}
	user := c.Get("user").(string)
	s.sessions.Lock()
	defer s.sessions.Unlock()

	if req.Method == "initialize" {
		requested, _ := req.Params["protocolVersion"].(string)
		proto := latest
		if strings.Compare(requested, latest) < 0 {
			proto = requested
		}
		sess := &UserSession{ID: uuid.NewString(), Protocol: proto, CreatedAt: time.Now()}
		s.sessions.byUser[user] = sess
		c.Response().Header().Set("Mcp-Session-Id", sess.ID)
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": req.ID, "result": echo.Map{"protocolVersion": proto, "capabilities": echo.Map{}}})
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, rpcFail(-32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	sess := s.sessions.byUser[user]
	if sess == nil || sess.ID != sid {
		return c.JSON(http.StatusUnauthorized, rpcFail(-32000, "no active session for this API key, call initialize"))
	}
	if req.ID == nil {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": req.ID, "result": echo.Map{}})
}
