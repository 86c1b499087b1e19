// Package ctorerrobject: the store's create builds each session with a
// constructor that mints its id (from crypto/rand, or the clock when that
// fails), and registers it. The handler creates one for an initialize,
// then hands the request to its dispatcher, which returns a JSON-RPC error
// object when the initialize is refused. That object is written with
// HTTP 200, but it is a refusal all the same: the client never gets an
// InitializeResult, so the entry stays. The second handler removes the
// entry on that branch and is silent.
package ctorerrobject

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"
)

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type conn struct {
	ID      string
	opened  time.Time
	version string
}

func newConn() *conn {
	return &conn{ID: newID(), opened: time.Now()}
}

func newID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "c" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	return hex.EncodeToString(b)
}

type registry struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func (g *registry) open() *conn {
	c := newConn()
	g.mu.Lock()
	g.conns[c.ID] = c
	g.mu.Unlock()
	return c
}

func (g *registry) lookup(id string) *conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.conns[id]
}

func (g *registry) drop(id string) {
	g.mu.Lock()
	delete(g.conns, id)
	g.mu.Unlock()
}

// reply writes a JSON-RPC answer, always with HTTP 200.
func reply(w http.ResponseWriter, id json.RawMessage, result any, e *rpcError) {
	w.Header().Set("Content-Type", "application/json")
	body := map[string]any{"jsonrpc": "2.0", "id": id}
	if e != nil {
		body["error"] = e
	} else {
		body["result"] = result
	}
	_ = json.NewEncoder(w).Encode(body)
}

type server struct{ reg *registry }

func (s *server) dispatch(c *conn, req request) (any, *rpcError) {
	if req.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return nil, &rpcError{Code: -32602, Message: "Invalid params"}
		}
		c.version = p.ProtocolVersion
		return map[string]any{"protocolVersion": p.ProtocolVersion}, nil
	}
	return map[string]any{}, nil
}

func (s *server) handle(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	var c *conn
	if req.Method == "initialize" {
		c = s.reg.open() // want `registered in conns and its id put on the answer before the handshake is accepted`
		w.Header().Set("Mcp-Session-Id", c.ID)
	} else {
		c = s.reg.lookup(r.Header.Get("Mcp-Session-Id"))
		if c == nil {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	result, rerr := s.dispatch(c, req)
	if rerr != nil {
		reply(w, req.ID, nil, rerr)
		return
	}
	reply(w, req.ID, result, nil)
}

func (s *server) handleTidy(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	var c *conn
	if req.Method == "initialize" {
		c = s.reg.open()
		w.Header().Set("Mcp-Session-Id", c.ID)
	} else {
		c = s.reg.lookup(r.Header.Get("Mcp-Session-Id"))
		if c == nil {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	result, rerr := s.dispatch(c, req)
	if rerr != nil {
		if req.Method == "initialize" {
			s.reg.drop(c.ID)
		}
		reply(w, req.ID, nil, rerr)
		return
	}
	reply(w, req.ID, result, nil)
}

func routes(s *server) {
	http.HandleFunc("/mcp", s.handle)
	http.HandleFunc("/tidy/mcp", s.handleTidy)
}
