// Package ginrpc serves a small MCP tool set from a gin engine.
package ginrpc

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
)

// MethodFunc handles one JSON-RPC method.
type MethodFunc func(ctx context.Context, params json.RawMessage) (any, *RPCError)

type Server struct {
	methods map[string]MethodFunc
	tools   *weatherTools
}

func NewServer(rdb *redis.Client, apiKey string) *Server {
	s := &Server{methods: map[string]MethodFunc{}, tools: newWeatherTools(rdb, apiKey)}
	s.methods["initialize"] = s.initialize
	s.methods["ping"] = func(context.Context, json.RawMessage) (any, *RPCError) { return gin.H{}, nil }
	s.methods["tools/list"] = s.tools.list
	s.methods["tools/call"] = s.tools.call
	return s
}

func (s *Server) Register(r gin.IRoutes) {
	r.POST("/mcp", s.handle)
	r.GET("/mcp", func(c *gin.Context) { c.Status(http.StatusMethodNotAllowed) })
}

func (s *Server) handle(c *gin.Context) {
	raw, err := c.GetRawData()
	if err != nil {
		c.JSON(http.StatusBadRequest, errorEnvelope(nil, -32000, "could not read body"))
		return
	}
	var probe any
	if err := json.Unmarshal(raw, &probe); err != nil {
		c.JSON(http.StatusBadRequest, errorEnvelope(nil, CodeParseError, "Parse error"))
		return
	}
	var req Request
	if err := json.Unmarshal(raw, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		c.JSON(http.StatusOK, errorEnvelope(req.ID, CodeInvalidRequest, "Invalid Request"))
		return
	}
	if req.ID == nil {
		c.Status(http.StatusAccepted)
		return
	}

	fn, ok := s.methods[req.Method]
	if !ok {
		c.JSON(http.StatusNotFound, errorEnvelope(req.ID, CodeMethodNotFound, "Method not found"))
		return
	}
	result, rpcErr := fn(c.Request.Context(), req.Params)
	if rpcErr != nil {
		c.JSON(http.StatusOK, Response{JSONRPC: "2.0", ID: req.ID, Error: rpcErr})
		return
	}
	c.JSON(http.StatusOK, Response{JSONRPC: "2.0", ID: req.ID, Result: result})
}

func (s *Server) initialize(_ context.Context, _ json.RawMessage) (any, *RPCError) {
	return gin.H{
		"protocolVersion": "2025-03-26",
		"capabilities":    gin.H{"tools": gin.H{}},
		"serverInfo":      gin.H{"name": "weather-mcp", "version": "1.3.0"},
	}, nil
}
