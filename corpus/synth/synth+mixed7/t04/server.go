package t04

import (
	"encoding/json"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"example.com/synth/mixed7/t04/store"
)

var supportedVersions = []string{"2025-06-18", "2025-03-26"}

type jsonrpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type initParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	ClientInfo      map[string]any `json:"clientInfo"`
}

type API struct {
	Store *store.Memory
}

func rpcErr(c echo.Context, status int, id json.RawMessage, code int, msg string) error {
	return c.JSON(status, map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func (a *API) Mount(e *echo.Echo) {
	e.POST("/mcp", a.post)
}

func (a *API) post(c echo.Context) error {
	var msg jsonrpcMsg
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return rpcErr(c, http.StatusBadRequest, nil, -32700, "Parse error")
	}
	if msg.Method == "initialize" {
		return a.initialize(c, &msg)
	}
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return rpcErr(c, http.StatusBadRequest, msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if _, ok := a.Store.Load(sid); !ok {
		return rpcErr(c, http.StatusNotFound, msg.ID, -32001, "Session not found")
	}
	if len(msg.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}

func (a *API) initialize(c echo.Context, msg *jsonrpcMsg) error {
	sess := a.Store.New()

	var p initParams
	if err := json.Unmarshal(msg.Params, &p); err != nil {
		return rpcErr(c, http.StatusBadRequest, msg.ID, -32602, "Invalid params")
	}
	if !slices.Contains(supportedVersions, p.ProtocolVersion) {
		c.Logger().Warnf("client asked for unsupported protocol version %q", p.ProtocolVersion)
		return rpcErr(c, http.StatusBadRequest, msg.ID, -32602, "Unsupported protocol version")
	}
	sess.Version = p.ProtocolVersion

	c.Response().Header().Set("Mcp-Session-Id", sess.ID)
	return c.JSON(http.StatusOK, map[string]any{
		"jsonrpc": "2.0",
		"id":      msg.ID,
		"result": map[string]any{
			"protocolVersion": sess.Version,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]any{"name": "notes", "version": "1.0.0"},
		},
	})
}
