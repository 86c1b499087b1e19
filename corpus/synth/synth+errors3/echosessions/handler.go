package echosessions

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"
)

type jsonrpcMsg struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type errObj struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func rpcErr(c echo.Context, status int, id any, code int, msg string) error {
	return c.JSON(status, echo.Map{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   errObj{Code: code, Message: msg},
	})
}

type Handler struct {
	sessions *sessionStore
	dispatch func(c echo.Context, m jsonrpcMsg) (any, error)
}

func NewHandler(rdb *redis.Client, dispatch func(echo.Context, jsonrpcMsg) (any, error)) *Handler {
	return &Handler{sessions: &sessionStore{rdb: rdb, ttl: 30 * time.Minute}, dispatch: dispatch}
}

func (h *Handler) Mount(e *echo.Echo) {
	e.POST("/mcp", h.post)
}

func (h *Handler) post(c echo.Context) error {
	var m jsonrpcMsg
	if err := json.NewDecoder(c.Request().Body).Decode(&m); err != nil {
		return rpcErr(c, http.StatusBadRequest, nil, -32700, "Parse error")
	}
	ctx := c.Request().Context()

	if m.Method == "initialize" {
		id, err := uuid.NewRandom()
		if err != nil {
			return rpcErr(c, http.StatusBadRequest, m.ID, -32600, "could not create session")
		}
		var p struct {
			ClientInfo struct {
				Name string `json:"name"`
			} `json:"clientInfo"`
		}
		_ = json.Unmarshal(m.Params, &p)
		if err := h.sessions.create(ctx, id.String(), p.ClientInfo.Name); err != nil {
			return rpcErr(c, http.StatusBadRequest, m.ID, -32603, "session store: "+err.Error())
		}
		c.Response().Header().Set("Mcp-Session-Id", id.String())
	} else {
		sid := c.Request().Header.Get("Mcp-Session-Id")
		if sid == "" {
			return rpcErr(c, http.StatusBadRequest, m.ID, -32600, "missing Mcp-Session-Id")
		}
		if err := h.sessions.touch(ctx, sid); err != nil {
			if errors.Is(err, errNoSession) {
				return rpcErr(c, http.StatusNotFound, m.ID, -32001, "Session not found")
			}
			return rpcErr(c, http.StatusOK, m.ID, -32603, "session lookup failed")
		}
	}

	if m.ID == nil {
		return c.NoContent(http.StatusAccepted)
	}
	res, err := h.dispatch(c, m)
	if err != nil {
		return rpcErr(c, http.StatusOK, m.ID, -32000, err.Error())
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": m.ID, "result": res})
}
