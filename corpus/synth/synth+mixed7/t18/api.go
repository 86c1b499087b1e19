package t18

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"example.com/synth/mixed7/t18/store"
)

type Handler struct {
	sessions *store.Sessions
}

func NewHandler() *Handler { return &Handler{sessions: &store.Sessions{}} }

type rpcIn struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func errorBody(code int, msg string) echo.Map {
	return echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}}
}

func (h *Handler) Attach(e *echo.Echo) {
	e.Use(middleware.Recover())
	e.POST("/mcp/initialize", h.initialize)
	api := e.Group("/mcp")
	api.Use(h.loadSession)
	api.POST("", h.message)
	api.DELETE("", h.closeSession)
}

func (h *Handler) loadSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get("Mcp-Session-Id")
		if id == "" {
			return c.JSON(http.StatusBadRequest, errorBody(-32000, "Bad Request: Mcp-Session-Id header is required"))
		}
		sess, ok := h.sessions.Lookup(id)
		if !ok {
			return c.JSON(http.StatusNotFound, errorBody(-32001, "Session not found"))
		}
		c.SetRequest(c.Request().WithContext(store.WithSession(c.Request().Context(), sess)))
		return next(c)
	}
}

func (h *Handler) initialize(c echo.Context) error {
	var in rpcIn
	if err := json.NewDecoder(c.Request().Body).Decode(&in); err != nil {
		return c.JSON(http.StatusBadRequest, errorBody(-32700, "Parse error"))
	}
	if in.JSONRPC != "2.0" || in.Method != "initialize" {
		return c.JSON(http.StatusBadRequest, errorBody(-32600, "Invalid Request"))
	}
	sess := h.sessions.Open()
	c.Response().Header().Set("Mcp-Session-Id", sess.ID)
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": in.ID, "result": echo.Map{"protocolVersion": "2025-06-18", "capabilities": echo.Map{}}})
}

func (h *Handler) message(c echo.Context) error {
	sess := store.FromContext(c.Request().Context())
	var in rpcIn
	if err := json.NewDecoder(c.Request().Body).Decode(&in); err != nil {
		return c.JSON(http.StatusBadRequest, errorBody(-32700, "Parse error"))
	}
	if len(in.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": in.ID, "result": echo.Map{"session": sess.ID}})
}

func (h *Handler) closeSession(c echo.Context) error {
	h.sessions.Close(store.FromContext(c.Request().Context()).ID)
	return c.NoContent(http.StatusNoContent)
}
