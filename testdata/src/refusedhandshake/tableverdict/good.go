package tableverdict

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"sync"

	"fixtures/refusedhandshake/tableverdict/rpc"
)

// Checked registers only once the dispatch's answer is a result.
type Checked struct{ Server }

func (s *Checked) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		if !s.lookup(r.Header.Get("Mcp-Session-Id")) {
			http.Error(w, "no such session", http.StatusNotFound)
		}
		return
	}
	resp := s.dispatch(r.Context(), req)
	if resp.Error == nil {
		sid := rand.Text()
		s.mu.Lock()
		s.sessions[sid] = &session{id: sid}
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
	}
	json.NewEncoder(w).Encode(resp)
}

// RolledBack registers first and takes the entry back when the answer is
// an error.
type RolledBack struct{ Server }

func (s *RolledBack) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	sid := rand.Text()
	s.mu.Lock()
	s.sessions[sid] = &session{id: sid}
	s.mu.Unlock()
	resp := s.dispatch(r.Context(), req)
	if resp.Error != nil {
		s.mu.Lock()
		delete(s.sessions, sid)
		s.mu.Unlock()
	} else {
		w.Header().Set("Mcp-Session-Id", sid)
	}
	json.NewEncoder(w).Encode(resp)
}

// Apart returns the refusal beside the result and tests it.
type Apart struct{ Server }

func (s *Apart) answer(req request) (any, *rpcError) {
	if req.Params == nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid params"}
	}
	return map[string]any{}, nil
}

func (s *Apart) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	result, fault := s.answer(req)
	if fault != nil {
		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Error: fault})
		return
	}
	sid := rand.Text()
	s.mu.Lock()
	s.sessions[sid] = &session{id: sid}
	s.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", sid)
	json.NewEncoder(w).Encode(result)
}

// Always answers initialize with a result it builds itself: its
// dispatcher refuses other methods, never this one.
type Always struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func (a *Always) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if req.Method == "initialize" {
		sid := rand.Text()
		a.mu.Lock()
		a.sessions[sid] = &session{id: sid}
		a.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		json.NewEncoder(w).Encode(a.dispatch(req))
		return
	}
	a.mu.Lock()
	_, ok := a.sessions[r.Header.Get("Mcp-Session-Id")]
	a.mu.Unlock()
	if !ok {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(a.dispatch(req))
}

func (a *Always) dispatch(req request) response {
	switch req.Method {
	case "initialize":
		return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": "2025-11-25"}}
	default:
		return response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32601, Message: "Method not found"}}
	}
}

// Built answers with a result another package's constructor builds from
// the message's id: no dispatch is asked.
type Built struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func (b *Built) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Method != "initialize" {
		b.mu.Lock()
		_, ok := b.sessions[r.Header.Get("Mcp-Session-Id")]
		b.mu.Unlock()
		if !ok {
			http.Error(w, "no such session", http.StatusNotFound)
		}
		return
	}
	sid := rand.Text()
	b.mu.Lock()
	b.sessions[sid] = &session{id: sid}
	b.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", sid)
	json.NewEncoder(w).Encode(rpc.Result(req.ID, map[string]any{"protocolVersion": "2025-11-25"}))
}
