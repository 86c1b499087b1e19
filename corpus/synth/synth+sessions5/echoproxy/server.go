package main

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const hdrSession = "Mcp-Session-Id"

type clientSession struct {
	id       string
	started  time.Time
	outbound chan json.RawMessage
}

func newClientSession(id string) *clientSession {
	return &clientSession{id: id, started: time.Now(), outbound: make(chan json.RawMessage, 32)}
}

type server struct {
	sessions sync.Map // id -> *clientSession
	ended    sync.Map // id -> time.Time, ids closed by DELETE
}

func newServer() *server { return &server{} }

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (s *server) post(c echo.Context) error {
	var msg message
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return rpcError(http.StatusBadRequest, -32700, "Parse error")
	}

	if msg.Method == "initialize" {
		sess := newClientSession(uuid.NewString())
		s.sessions.Store(sess.id, sess)
		c.Response().Header().Set(hdrSession, sess.id)
		return c.JSON(http.StatusOK, map[string]any{
			"jsonrpc": "2.0",
			"id":      msg.ID,
			"result": map[string]any{
				"protocolVersion": "2025-03-26",
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": "runbooks", "version": "0.9.2"},
			},
		})
	}

	id := c.Request().Header.Get(hdrSession)
	if id == "" {
		return rpcError(http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if _, gone := s.ended.Load(id); gone {
		return rpcError(http.StatusGone, -32001, "session terminated")
	}
	v, ok := s.sessions.Load(id)
	if !ok {
		return rpcError(http.StatusNotFound, -32001, "Session not found")
	}
	sess := v.(*clientSession)

	if len(msg.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, s.call(sess, &msg))
}

func (s *server) call(sess *clientSession, msg *message) map[string]any {
	switch msg.Method {
	case "ping":
		return map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}}
	case "tools/list":
		return map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{
			"tools": []map[string]any{{"name": "find_runbook", "inputSchema": map[string]any{"type": "object"}}},
		}}
	}
	return map[string]any{"jsonrpc": "2.0", "id": msg.ID,
		"error": map[string]any{"code": -32601, "message": "Method not found: " + msg.Method}}
}

// listen opens the standalone SSE stream for server-initiated messages.
func (s *server) listen(c echo.Context) error {
	id := c.Request().Header.Get(hdrSession)
	if id == "" {
		return rpcError(http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	v, _ := s.sessions.LoadOrStore(id, newClientSession(id))
	sess := v.(*clientSession)

	res := c.Response()
	res.Header().Set(echo.HeaderContentType, "text/event-stream")
	res.Header().Set("Cache-Control", "no-cache")
	res.WriteHeader(http.StatusOK)
	res.Flush()
	for {
		select {
		case <-c.Request().Context().Done():
			return nil
		case m := <-sess.outbound:
			if _, err := res.Write([]byte("event: message\ndata: " + string(m) + "\n\n")); err != nil {
				return nil
			}
			res.Flush()
		}
	}
}

func (s *server) remove(c echo.Context) error {
	id := c.Request().Header.Get(hdrSession)
	if id == "" {
		return rpcError(http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if _, ok := s.sessions.LoadAndDelete(id); !ok {
		return rpcError(http.StatusNotFound, -32001, "Session not found")
	}
	s.ended.Store(id, time.Now())
	return c.NoContent(http.StatusNoContent)
}
