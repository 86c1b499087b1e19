// Package tableverdict registers a session for an initialize and then
// writes whatever its dispatch answered, without looking at it: when the
// dispatch refuses the initialize (invalid params, an unsupported
// revision, a recovered panic), the client gets that error and no session,
// and the entry stays in the table.
package tableverdict

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"sync"

	"fixtures/refusedhandshake/tableverdict/rpc"
)

type request struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type session struct{ id string }

// Streams holds the sessions, and answers messages through a handler it
// was handed: bytes in, bytes out.
type Streams struct {
	mu       sync.Mutex
	sessions map[string]*session
	handle   func(json.RawMessage) ([]byte, error)
}

func (s *Streams) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		s.initialize(w, raw)
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	out, _ := s.handle(raw)
	w.Write(out)
}

// initialize keeps a session once the handler returned bytes, which may
// encode the handler's refusal of this initialize.
func (s *Streams) initialize(w http.ResponseWriter, raw json.RawMessage) {
	out, err := s.handle(raw)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	id := rand.Text()
	s.mu.Lock()
	s.sessions[id] = &session{id: id} // want `registered in sessions for an initialize whatever its dispatch answers`
	s.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
	if _, err := w.Write(out); err != nil {
		return
	}
}

// Server dispatches messages itself.
type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func (s *Server) lookup(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.sessions[id]
	return ok
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if req.Method == "initialize" {
		sid := rand.Text()
		s.mu.Lock()
		s.sessions[sid] = &session{id: sid} // want `registered in sessions for an initialize whatever its dispatch answers`
		s.mu.Unlock()
		resp := s.dispatch(r.Context(), req)
		w.Header().Set("Mcp-Session-Id", sid)
		json.NewEncoder(w).Encode(resp)
		return
	}
	if !s.lookup(r.Header.Get("Mcp-Session-Id")) {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(s.dispatch(r.Context(), req))
}

// dispatch answers a message; an initialize whose params do not decode is
// refused with invalid params.
func (s *Server) dispatch(ctx context.Context, req request) response {
	switch req.Method {
	case "initialize":
		return s.initialize(req)
	case "tools/list":
		return response{JSONRPC: "2.0", ID: req.ID, Result: []string{}}
	default:
		return response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32601, Message: "Method not found"}}
	}
}

func (s *Server) initialize(req request) response {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		return response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32602, Message: "Invalid params"}}
	}
	return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": p.ProtocolVersion}}
}

// Gateway hands every message to another package's engine.
type Gateway struct {
	mu       sync.Mutex
	sessions map[string]*session
	engine   *rpc.Engine
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" {
		g.mu.Lock()
		_, ok := g.sessions[id]
		g.mu.Unlock()
		if !ok {
			http.Error(w, "no such session", http.StatusNotFound)
			return
		}
		json.NewEncoder(w).Encode(g.engine.Answer(raw))
		return
	}
	g.handleInitialize(w, raw)
}

func (g *Gateway) handleInitialize(w http.ResponseWriter, raw json.RawMessage) {
	id := rand.Text()
	g.mu.Lock()
	g.sessions[id] = &session{id: id} // want `registered in sessions for an initialize whatever its dispatch answers`
	g.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(g.engine.Answer(raw))
}
