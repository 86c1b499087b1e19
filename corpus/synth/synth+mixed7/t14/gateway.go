package t14

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

// link pairs a downstream client session with the upstream session opened for it.
type link struct {
	clientID   string
	upstreamID string
}

type Proxy struct {
	Upstream string
	HTTP     *http.Client

	mu    sync.Mutex
	links map[string]*link
}

func NewProxy(upstream string) *Proxy {
	return &Proxy{Upstream: upstream, HTTP: &http.Client{}, links: map[string]*link{}}
}

func (p *Proxy) Register(e *echo.Echo) { e.POST("/mcp", p.handle) }

func jsonrpcError(c echo.Context, status, code int, msg string) error {
	return c.JSON(status, echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}})
}

func (p *Proxy) forward(body []byte, upstreamSession string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, p.Upstream, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if upstreamSession != "" {
		req.Header.Set("Mcp-Session-Id", upstreamSession)
	}
	return p.HTTP.Do(req)
}

func (p *Proxy) handle(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return jsonrpcError(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
	}
	var env struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return jsonrpcError(c, http.StatusBadRequest, -32700, "Parse error")
	}

	if env.Method == "initialize" {
		l := &link{clientID: uuid.NewString()}
		p.mu.Lock()
		p.links[l.clientID] = l
		p.mu.Unlock()

		resp, err := p.forward(body, "")
		if err != nil {
			c.Logger().Errorf("upstream initialize: %v", err)
			return jsonrpcError(c, http.StatusBadGateway, -32603, "upstream unavailable")
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(resp.Body)
			return c.Blob(resp.StatusCode, "application/json", b)
		}
		l.upstreamID = resp.Header.Get("Mcp-Session-Id")
		c.Response().Header().Set("Mcp-Session-Id", l.clientID)
		return c.Stream(http.StatusOK, resp.Header.Get("Content-Type"), resp.Body)
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return jsonrpcError(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	p.mu.Lock()
	l, ok := p.links[sid]
	p.mu.Unlock()
	if !ok {
		return jsonrpcError(c, http.StatusNotFound, -32001, "Session not found")
	}
	resp, err := p.forward(body, l.upstreamID)
	if err != nil {
		return jsonrpcError(c, http.StatusBadGateway, -32603, fmt.Sprintf("upstream: %v", err))
	}
	defer resp.Body.Close()
	return c.Stream(resp.StatusCode, resp.Header.Get("Content-Type"), resp.Body)
}
