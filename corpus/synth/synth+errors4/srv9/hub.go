// Package srv9 hosts the deploy-bot MCP server inside the existing echo API
// process. We keep our own session table so the admin UI can show who is
// connected and kick sessions.
package srv9

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type conn struct {
	t  *mcp.StreamableServerTransport
	ss *mcp.ServerSession
}

type Hub struct {
	srv *mcp.Server
	// OnOpen records the session in the audit log.
	OnOpen func(ctx context.Context, sessionID, remote string) error

	mu    sync.Mutex
	conns map[string]*conn
}

func NewHub(srv *mcp.Server) *Hub { return &Hub{srv: srv, conns: map[string]*conn{}} }

func (h *Hub) put(id string, c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.conns[id] = c
}

func (h *Hub) remove(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.conns, id)
}

func (h *Hub) get(id string) *conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.conns[id]
}

func rpcError(code int, msg string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}}
}

func (h *Hub) Handle(c echo.Context) error {
	if sid := c.Request().Header.Get("Mcp-Session-Id"); sid != "" {
		cn := h.get(sid)
		if cn == nil {
			return c.JSON(http.StatusNotFound, rpcError(-32001, "Session not found"))
		}
		cn.t.ServeHTTP(c.Response(), c.Request())
		return nil
	}

	id := uuid.NewString()
	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := h.srv.Connect(context.Background(), t, nil)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "mcp connect: "+err.Error())
	}
	h.put(id, &conn{t: t, ss: ss})
	go func() {
		ss.Wait()
		h.remove(id)
	}()

	accept := c.Request().Header.Get(echo.HeaderAccept)
	if !strings.Contains(accept, "application/json") || !strings.Contains(accept, "text/event-stream") {
		ss.Close()
		return c.JSON(http.StatusNotAcceptable, rpcError(-32000, "Not Acceptable: application/json and text/event-stream required"))
	}

	if h.OnOpen != nil {
		if err := h.OnOpen(c.Request().Context(), id, c.RealIP()); err != nil {
			h.remove(id)
			return c.JSON(http.StatusBadRequest, rpcError(-32603, "session hook failed: "+err.Error()))
		}
	}

	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		h.remove(id)
		ss.Close()
		return c.JSON(http.StatusBadRequest, rpcError(-32000, "Bad Request: the request body could not be read"))
	}
	var probe struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		return c.JSON(http.StatusBadRequest, rpcError(-32700, "Parse error: "+err.Error()))
	}
	if probe.Method != "initialize" {
		h.remove(id)
		ss.Close()
		return c.JSON(http.StatusBadRequest, rpcError(-32000, "Bad Request: Mcp-Session-Id header is required"))
	}

	c.Request().Body = io.NopCloser(bytes.NewReader(body))
	t.ServeHTTP(c.Response(), c.Request())
	return nil
}
