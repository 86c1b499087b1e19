// Package serverstate: a request refused because a part of the server is
// down (its backend process not running, its upstream not connected) is a
// server-side failure, 500 with -32603, however the state is reported;
// -32600 or 400 tells the client its request was malformed.
package serverstate

import (
	"encoding/json"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

// reply writes every JSON-RPC answer with 200.
func reply(w http.ResponseWriter, id any, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(envelope{Version: "2.0", ID: id, Error: &rpcErr{Code: code, Message: msg}})
}

type child struct{ pid int }

func (c *child) IsRunning() bool { return c.pid > 0 }

type upstream struct{ up bool }

func (u *upstream) Connected() bool { return u.up }
func (u *upstream) Healthy() bool   { return u.up }

type session struct{ ready, active bool }

func (s *session) Ready() bool    { return s.ready }
func (s *session) IsActive() bool { return s.active }

type call struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
}

func (c *call) Valid() bool { return c.Method != "" }

type gateway struct {
	proc *child
	up   *upstream
}

func (g *gateway) initialize(w http.ResponseWriter, c *call) {
	if !g.proc.IsRunning() {
		reply(w, c.ID, -32600, "backend is not running") // want `answers -32600 \(Invalid Request\) for the server's own state, g.proc.IsRunning\(\) false`
		return
	}
	reply(w, c.ID, -32601, "not here")
}

func (g *gateway) forward(w http.ResponseWriter, c *call) {
	if c.Method != "" && !g.up.Connected() {
		http.Error(w, "upstream gone", http.StatusBadRequest) // want `answers 400 for the server's own state, g.up.Connected\(\) false`
		return
	}
	if !g.up.Healthy() {
		w.WriteHeader(http.StatusBadRequest) // want `answers 400 with -32700 \(Parse error\) for the server's own state`
		_ = json.NewEncoder(w).Encode(envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "unhealthy"}})
	}
}

// Near misses: the right answer, the client's own state or input, and a
// liveness test that is true.
func (g *gateway) quiet(w http.ResponseWriter, c *call, s *session) {
	if !g.proc.IsRunning() {
		reply(w, c.ID, -32603, "backend is not running")
		http.Error(w, "backend is not running", http.StatusServiceUnavailable)
		return
	}
	if !s.Ready() {
		http.Error(w, "send initialize first", http.StatusBadRequest)
		return
	}
	if !s.IsActive() {
		reply(w, c.ID, -32600, "session closed")
		return
	}
	if !c.Valid() {
		reply(w, c.ID, -32600, "no method")
		return
	}
	if g.up.Connected() {
		http.Error(w, "already connected", http.StatusBadRequest)
	}
}
