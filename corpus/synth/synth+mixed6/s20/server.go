// Package s20 runs one worker per MCP session behind a gin endpoint.
package s20

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type call struct {
	method string
	params json.RawMessage
	reply  chan any
}

type worker struct {
	id       string
	version  string
	calls    chan call
	done     chan struct{}
	stopOnce sync.Once
}

func (wk *worker) run() {
	for {
		select {
		case c := <-wk.calls:
			switch c.method {
			case "tools/list":
				c.reply <- gin.H{"tools": []gin.H{}}
			default:
				c.reply <- gin.H{}
			}
		case <-wk.done:
			return
		}
	}
}

func (wk *worker) stop() { wk.stopOnce.Do(func() { close(wk.done) }) }

func (wk *worker) handshake(params json.RawMessage) error {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      *struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return err
	}
	if p.ClientInfo == nil {
		return errors.New("clientInfo is required")
	}
	wk.version = "2025-06-18"
	return nil
}

type Server struct {
	mu      sync.Mutex
	workers map[string]*worker
}

func Install(r *gin.Engine) {
	s := &Server{workers: map[string]*worker{}}
	r.POST("/mcp", s.post)
	r.DELETE("/mcp", s.delete)
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func jerr(c *gin.Context, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	c.JSON(status, gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}})
}

func (s *Server) post(c *gin.Context) {
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		jerr(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		jerr(c, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil || env.JSONRPC != "2.0" {
		jerr(c, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if env.Method == "initialize" {
		if len(env.ID) == 0 {
			jerr(c, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		wk := &worker{id: uuid.NewString(), calls: make(chan call), done: make(chan struct{})}
		s.mu.Lock()
		s.workers[wk.id] = wk
		s.mu.Unlock()
		go wk.run()

		if err := wk.handshake(env.Params); err != nil {
			log.Printf("session %s: handshake: %v", wk.id, err)
			jerr(c, http.StatusBadRequest, -32602, "Invalid params: "+err.Error(), env.ID)
			return
		}
		c.Header("Mcp-Session-Id", wk.id)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": env.ID, "result": gin.H{
			"protocolVersion": wk.version,
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "s20", "version": "1.0.3"},
		}})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		jerr(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", env.ID)
		return
	}
	s.mu.Lock()
	wk, ok := s.workers[sid]
	s.mu.Unlock()
	if !ok {
		jerr(c, http.StatusNotFound, -32001, "Session not found", env.ID)
		return
	}
	if len(env.ID) == 0 {
		c.Status(http.StatusAccepted)
		return
	}
	reply := make(chan any, 1)
	select {
	case wk.calls <- call{method: env.Method, params: env.Params, reply: reply}:
	case <-wk.done:
		jerr(c, http.StatusNotFound, -32001, "Session not found", env.ID)
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": env.ID, "result": <-reply})
}

func (s *Server) delete(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		jerr(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	s.mu.Lock()
	wk, ok := s.workers[sid]
	delete(s.workers, sid)
	s.mu.Unlock()
	if !ok {
		jerr(c, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	wk.stop()
	c.Status(http.StatusNoContent)
}
