package echohub

import (
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const HeaderSessionID = "Mcp-Session-Id"

type Hub struct {
	sessions *RedisSessions
}

func NewHub(s *RedisSessions) *Hub { return &Hub{sessions: s} }

func (h *Hub) Mount(e *echo.Echo) {
	e.HTTPErrorHandler = jsonRPCErrorHandler
	e.POST("/mcp", h.post)
	e.DELETE("/mcp", h.remove)
}

// jsonRPCErrorHandler renders every *echo.HTTPError as a JSON-RPC error body.
func jsonRPCErrorHandler(err error, c echo.Context) {
	status := http.StatusInternalServerError
	msg := "Internal error"
	var he *echo.HTTPError
	if errors.As(err, &he) {
		status = he.Code
		if m, ok := he.Message.(string); ok {
			msg = m
		}
	}
	code := -32603
	if status < 500 {
		code = -32000
	}
	_ = c.JSON(status, map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

type rpcMsg struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	} `json:"params"`
}

func (h *Hub) post(c echo.Context) error {
	var m rpcMsg
	if err := c.Bind(&m); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "Parse error")
	}
	ctx := c.Request().Context()

	if m.Method == "initialize" {
		rec := &SessionRecord{ID: uuid.NewString(), ClientName: m.Params.ClientInfo.Name, Protocol: m.Params.ProtocolVersion, Started: time.Now()}
		if err := h.sessions.Save(ctx, rec); err != nil {
			return echo.NewHTTPError(http.StatusServiceUnavailable, "session store unavailable")
		}
		c.Response().Header().Set(HeaderSessionID, rec.ID)
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]any{"name": "echohub", "version": "0.9.0"},
		}})
	}

	sid := c.Request().Header.Get(HeaderSessionID)
	if sid == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Bad Request: missing session id")
	}
	if _, err := h.sessions.Load(ctx, sid); err != nil {
		if errors.Is(err, ErrNotFound) {
			return echo.NewHTTPError(http.StatusBadRequest, "Bad Request: invalid session id")
		}
		return echo.NewHTTPError(http.StatusServiceUnavailable, "session store unavailable")
	}
	if m.ID == nil {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

func (h *Hub) remove(c echo.Context) error {
	sid := c.Request().Header.Get(HeaderSessionID)
	if sid == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Bad Request: missing session id")
	}
	if _, err := h.sessions.Drop(c.Request().Context(), sid); err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, "session store unavailable")
	}
	return c.JSON(http.StatusOK, map[string]bool{"terminated": true})
}
