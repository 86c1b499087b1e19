// Package api routes the gateway's MCP endpoint with gorilla/mux.
package api

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gorilla/mux"

	"example.com/synth/sessions5/muxgateway/internal/errs"
	"example.com/synth/sessions5/muxgateway/internal/sessions"
)

type Server struct {
	Reg *sessions.Registry
}

func (s *Server) Router() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/v1/mcp", s.post).Methods(http.MethodPost)
	r.HandleFunc("/v1/mcp", s.del).Methods(http.MethodDelete)
	return r
}

type call struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`)
		return
	}
	if c.Method == "initialize" {
		s.initialize(w, &c)
		return
	}
	sess, err := s.Reg.Require(r)
	if err != nil {
		errs.Write(w, c.ID, err)
		return
	}
	if len(c.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID,
		"result": map[string]any{"session": sess.ID}})
}

func (s *Server) initialize(w http.ResponseWriter, c *call) {
	sess := s.Reg.Open()
	ok := false
	defer func() {
		if !ok {
			s.Reg.Discard(sess.ID)
		}
	}()

	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      *struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if err := json.Unmarshal(c.Params, &p); err != nil || p.ClientInfo == nil {
		errs.Write(w, c.ID, fmt.Errorf("%w: clientInfo is required", errs.ErrInvalidParams))
		return
	}
	s.Reg.Activate(sess.ID, p.ClientInfo.Name)
	ok = true

	w.Header().Set(sessions.Header, sess.ID)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{},
		"serverInfo":      map[string]any{"name": "muxgateway", "version": "1.0.0"},
	}})
}

func (s *Server) del(w http.ResponseWriter, r *http.Request) {
	sess, err := s.Reg.Require(r)
	if err != nil {
		errs.Write(w, nil, err)
		return
	}
	if err := s.Reg.Terminate(sess.ID); err != nil {
		errs.Write(w, nil, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
