// Package muxlimit is an MCP endpoint for the build farm's artifact
// index, routed with gorilla/mux.
package muxlimit

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/mux"
)

const maxBody = 1 << 20 // 1 MiB is plenty for tool calls

type Server struct {
	mu       sync.RWMutex
	sessions map[string]*clientSession
	index    ArtifactIndex
}

type clientSession struct {
	id      string
	opened  time.Time
	clientV string
}

func New(index ArtifactIndex) *Server {
	return &Server{sessions: map[string]*clientSession{}, index: index}
}

func (s *Server) Router() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/mcp", s.handleMCP).Methods(http.MethodPost)
	r.HandleFunc("/mcp", s.handleClose).Methods(http.MethodDelete)
	return r
}

func (s *Server) lookup(id string) *clientSession {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.sessions[id]
}

func newID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

func (s *Server) handleMCP(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	payload, err := io.ReadAll(r.Body)
	if err != nil {
		log.Printf("muxlimit: read: %v", err)
		s.fail(w, http.StatusBadRequest, nil, codeParse, "Parse error")
		return
	}
	if !json.Valid(payload) {
		s.fail(w, http.StatusBadRequest, nil, codeParse, "Parse error")
		return
	}
	var req request
	if err := json.Unmarshal(payload, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		s.fail(w, http.StatusBadRequest, req.ID, codeInvalidRequest, "Invalid Request")
		return
	}

	if req.Method == "initialize" {
		id, err := newID()
		if err != nil {
			log.Printf("muxlimit: session id: %v", err)
			s.fail(w, http.StatusInternalServerError, req.ID, codeInternal, "Internal error")
			return
		}
		s.mu.Lock()
		s.sessions[id] = &clientSession{id: id, opened: time.Now()}
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		writeJSON(w, response{JSONRPC: "2.0", ID: req.ID, Result: initializeResult})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		s.fail(w, http.StatusBadRequest, req.ID, codeServer, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess := s.lookup(sid)
	if sess == nil {
		writeJSON(w, response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: codeSessionGone, Message: "Session not found"}})
		return
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	writeJSON(w, s.dispatch(r, sess, &req))
}

func (s *Server) handleClose(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		s.fail(w, http.StatusBadRequest, nil, codeServer, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	delete(s.sessions, sid)
	s.mu.Unlock()
	if !ok {
		s.fail(w, http.StatusNotFound, nil, codeSessionGone, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
