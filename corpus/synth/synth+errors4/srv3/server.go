// Package srv3 serves an inventory MCP server from several replicas; session
// records live in Redis so any replica can answer a session's requests.
package srv3

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/redis/go-redis/v9"
)

const sessionTTL = 30 * time.Minute

type Service struct {
	rdb *redis.Client
	mcp *server.MCPServer
}

func New(rdb *redis.Client) *Service {
	s := server.NewMCPServer("inventory", "1.4.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("stock_level", mcp.WithString("sku", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			sku, _ := req.GetArguments()["sku"].(string)
			return mcp.NewToolResultText(sku + ": 12"), nil
		})
	return &Service{rdb: rdb, mcp: s}
}

func (s *Service) Register(e *echo.Echo) {
	e.POST("/mcp", s.post)
	e.DELETE("/mcp", s.del)
}

type errBody struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func fail(c echo.Context, status int, id any, code int, msg string) error {
	b := errBody{JSONRPC: "2.0", ID: id}
	b.Error.Code, b.Error.Message = code, msg
	return c.JSON(status, b)
}

func key(id string) string { return "mcp:session:" + id }

func (s *Service) post(c echo.Context) error {
	ctx := c.Request().Context()
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return fail(c, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
	}
	var head struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Method  string `json:"method"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return fail(c, http.StatusBadRequest, nil, -32700, "Parse error")
	}
	if head.JSONRPC != "2.0" {
		return fail(c, http.StatusBadRequest, head.ID, -32600, "Invalid Request: jsonrpc must be \"2.0\"")
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if head.Method == "initialize" {
		id, err := uuid.NewRandom()
		if err != nil {
			c.Logger().Errorf("uuid: %v", err)
			return fail(c, http.StatusInternalServerError, head.ID, 0, "internal error")
		}
		if err := s.rdb.Set(ctx, key(id.String()), time.Now().Unix(), sessionTTL).Err(); err != nil {
			c.Logger().Errorf("redis set: %v", err)
			return fail(c, http.StatusBadRequest, head.ID, -32603, "could not create session")
		}
		sid = id.String()
		c.Response().Header().Set("Mcp-Session-Id", sid)
	} else {
		if sid == "" {
			return fail(c, http.StatusBadRequest, head.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		}
		ok, err := s.rdb.Expire(ctx, key(sid), sessionTTL).Result()
		if err != nil {
			c.Logger().Errorf("redis expire: %v", err)
			return fail(c, http.StatusNotFound, head.ID, -32001, "Session not found")
		}
		if !ok {
			return fail(c, http.StatusNotFound, head.ID, -32001, "Session not found")
		}
	}

	resp := s.mcp.HandleMessage(ctx, raw)
	if resp == nil {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, resp)
}

func (s *Service) del(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return fail(c, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	n, err := s.rdb.Del(c.Request().Context(), key(sid)).Result()
	switch {
	case errors.Is(err, context.Canceled):
		return nil
	case err != nil:
		c.Logger().Errorf("redis del: %v", err)
		return fail(c, http.StatusBadRequest, nil, -32000, "could not delete session")
	case n == 0:
		return fail(c, http.StatusNotFound, nil, -32001, "Session not found")
	}
	return c.NoContent(http.StatusNoContent)
}
