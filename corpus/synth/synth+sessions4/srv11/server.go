package srv11

import (
	"encoding/json"
	"log"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type Conn struct {
	ID      string
	Version string
	Events  chan []byte
}

type Hub struct {
	sync.RWMutex
	conns map[string]*Conn
}

func (h *Hub) get(id string) (*Conn, bool) {
	h.RLock()
	defer h.RUnlock()
	c, ok := h.conns[id]
	return c, ok
}

func (h *Hub) put(c *Conn) {
	h.Lock()
	h.conns[c.ID] = c
	h.Unlock()
}

var known = map[string]struct{}{"2025-03-26": {}, "2025-06-18": {}, "2025-11-25": {}}

func errorJSON(code int, msg string) echo.Map {
	return echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}}
}

func New() *echo.Echo {
	h := &Hub{conns: map[string]*Conn{}}
	e := echo.New()
	e.Any("/mcp", func(c echo.Context) error {
		req := c.Request()
		if pv := req.Header.Get("MCP-Protocol-Version"); pv != "" {
			if _, ok := known[pv]; !ok {
				log.Printf("client %s sent unknown protocol version %q (want one of %v), continuing", c.RealIP(), pv, known)
			}
		}
		sid := req.Header.Get("Mcp-Session-Id")
		switch req.Method {
		case http.MethodPost:
			return post(c, h, sid)
		case http.MethodGet:
			if sid == "" {
				return c.JSON(http.StatusBadRequest, errorJSON(-32000, "Bad Request: Mcp-Session-Id header is required"))
			}
			conn, ok := h.get(sid)
			if !ok {
				return c.JSON(http.StatusBadRequest, errorJSON(-32000, "Bad Request: no such session"))
			}
			c.Response().Header().Set(echo.HeaderContentType, "text/event-stream")
			c.Response().WriteHeader(http.StatusOK)
			for ev := range conn.Events {
				c.Response().Write([]byte("data: "))
				c.Response().Write(ev)
				c.Response().Write([]byte("\n\n"))
				c.Response().Flush()
			}
			return nil
		case http.MethodDelete:
			if _, ok := h.get(sid); !ok {
				return c.JSON(http.StatusNotFound, errorJSON(-32001, "Session not found"))
			}
			h.Lock()
			close(h.conns[sid].Events)
			delete(h.conns, sid)
			h.Unlock()
			return c.NoContent(http.StatusNoContent)
		}
		c.Response().Header().Set("Allow", "GET, POST, DELETE")
		return c.JSON(http.StatusMethodNotAllowed, errorJSON(-32000, "Method not allowed"))
	})
	return e
}

func post(c echo.Context, h *Hub, sid string) error {
	var msg struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return c.JSON(http.StatusBadRequest, errorJSON(-32700, "Parse error"))
	}
	if msg.Method == "initialize" {
		v := "2025-11-25"
		conn := &Conn{ID: uuid.NewString(), Version: v, Events: make(chan []byte, 16)}
		h.put(conn)
		c.Response().Header().Set("Mcp-Session-Id", conn.ID)
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": msg.ID, "result": echo.Map{"protocolVersion": v}})
	}
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errorJSON(-32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	conn, ok := h.get(sid)
	if !ok {
		// server restarted; pick the session back up transparently
		conn = &Conn{ID: sid, Version: "2025-11-25", Events: make(chan []byte, 16)}
		h.put(conn)
	}
	if msg.ID == nil {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": msg.ID, "result": echo.Map{"session": conn.ID}})
}
