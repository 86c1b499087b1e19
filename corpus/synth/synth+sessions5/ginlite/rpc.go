package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
)

type rpcReq struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func rpcErr(c *gin.Context, status, code int, msg string, id json.RawMessage) {
	c.JSON(status, gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}})
}

func (s *state) handleRPC(c *gin.Context) {
	se := c.MustGet(ctxSession).(*sess)
	var req rpcReq
	if err := c.ShouldBindJSON(&req); err != nil {
		rpcErr(c, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	if req.Method == "initialize" {
		if se.Confirmed {
			rpcErr(c, http.StatusBadRequest, -32600, "Invalid Request: already initialized", req.ID)
			return
		}
		se.Confirmed = true
		c.Header(hdr, se.ID)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{
			"protocolVersion": "2025-06-18",
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "ginlite", "version": "0.0.7"},
		}})
		return
	}
	if !se.Confirmed {
		rpcErr(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	if len(req.ID) == 0 || string(req.ID) == "null" {
		c.Status(http.StatusAccepted)
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{
		"content": []gin.H{{"type": "text", "text": fmt.Sprintf("session %s ok", se.ID)}},
	}})
}

func (s *state) handleEvents(c *gin.Context) {
	se := c.MustGet(ctxSession).(*sess)
	c.Stream(func(w io.Writer) bool {
		select {
		case ev, ok := <-se.Events:
			if !ok {
				return false
			}
			c.SSEvent("message", ev)
			return true
		case <-c.Request.Context().Done():
			return false
		}
	})
}
