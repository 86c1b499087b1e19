package gw2

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

// Upstream is an MCP server the gateway is connected to. The gateway runs its
// own initialize handshake against it and reuses that session for all clients.
type Upstream struct {
	URL     string
	client  *http.Client
	once    sync.Once
	session string
	version string
	err     error
}

func (u *Upstream) connect() error {
	u.once.Do(func() {
		payload, _ := json.Marshal(map[string]any{
			"jsonrpc": "2.0", "id": 0, "method": "initialize",
			"params": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]string{"name": "gw2"}},
		})
		req, _ := http.NewRequest(http.MethodPost, u.URL, bytes.NewReader(payload))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := u.client.Do(req)
		if err != nil {
			u.err = err
			return
		}
		defer resp.Body.Close()
		var r struct {
			Result struct {
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"result"`
		}
		u.err = json.NewDecoder(resp.Body).Decode(&r)
		u.session = resp.Header.Get("Mcp-Session-Id")
		u.version = r.Result.ProtocolVersion
	})
	return u.err
}

type Gateway struct {
	up      *Upstream
	clients sync.Map // downstream session id -> time.Time
}

func NewGateway(url string) *Gateway {
	return &Gateway{up: &Upstream{URL: url, client: &http.Client{Timeout: 30 * time.Second}}}
}

func jsonErr(code int, msg string) echo.Map {
	return echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}}
}

func (g *Gateway) Register(e *echo.Echo) {
	e.POST("/mcp", g.handle)
}

func (g *Gateway) handle(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return c.JSON(http.StatusBadRequest, jsonErr(-32000, "Bad Request: the request body could not be read"))
	}
	var m struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		return c.JSON(http.StatusBadRequest, jsonErr(-32700, "Parse error"))
	}
	if err := g.up.connect(); err != nil {
		c.Logger().Errorf("upstream connect: %v", err)
		return c.JSON(http.StatusInternalServerError, jsonErr(-32603, "Internal error"))
	}

	if m.Method == "initialize" {
		id := uuid.NewString()
		g.clients.Store(id, time.Now())
		c.Response().Header().Set("Mcp-Session-Id", id)
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": m.ID, "result": echo.Map{"protocolVersion": g.up.version, "capabilities": echo.Map{"tools": echo.Map{}}}})
	}
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if _, ok := g.clients.Load(sid); !ok || sid == "" {
		return c.JSON(http.StatusUnauthorized, jsonErr(-32000, "Unauthorized: unknown session"))
	}

	req, err := http.NewRequestWithContext(c.Request().Context(), http.MethodPost, g.up.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, vs := range c.Request().Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Add("Mcp-Session-Id", g.up.session)
	req.Header.Add("MCP-Protocol-Version", g.up.version)

	resp, err := g.up.client.Do(req)
	if err != nil {
		return c.JSON(http.StatusBadGateway, jsonErr(-32603, "upstream error"))
	}
	defer resp.Body.Close()
	return c.Stream(resp.StatusCode, resp.Header.Get("Content-Type"), resp.Body)
}
