// Package sonicsrv is the MCP endpoint of the market-data service. The
// payloads are large quote tables, so encoding goes through sonic.
package sonicsrv

import (
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/bytedance/sonic"
	"github.com/google/uuid"
)

type Server struct {
	quotes QuoteSource

	mu       sync.RWMutex
	sessions map[string]struct{}
}

func New(q QuoteSource) *Server {
	return &Server{quotes: q, sessions: map[string]struct{}{}}
}

func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", s.post)
	mux.HandleFunc("DELETE /mcp", s.remove)
}

// validSessionID: our ids are canonical UUIDs.
func validSessionID(id string) bool {
	_, err := uuid.Parse(id)
	return err == nil && len(id) == 36
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeErr(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	if !sonic.Valid(body) {
		writeErr(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	var req request
	if err := sonic.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		writeErr(w, http.StatusBadRequest, nil, -32600, "Invalid Request")
		return
	}

	if req.Method == "initialize" {
		sid := uuid.NewString()
		s.mu.Lock()
		s.sessions[sid] = struct{}{}
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		s.send(w, &response{JSONRPC: "2.0", ID: req.ID, Result: initResult})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, req.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if !validSessionID(sid) {
		writeJSON(w, errorBody(req.ID, -32001, "Session not found"))
		return
	}
	s.mu.RLock()
	_, ok := s.sessions[sid]
	s.mu.RUnlock()
	if !ok {
		writeErr(w, http.StatusNotFound, req.ID, -32001, "Session not found")
		return
	}
	if req.isNotification() {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	s.send(w, s.dispatch(r, &req))
}

// send encodes resp once so the status is only written when we know the
// body can be produced.
func (s *Server) send(w http.ResponseWriter, resp *response) {
	out, err := sonic.Marshal(resp)
	if err != nil {
		log.Printf("sonicsrv: encoding response %s: %v", resp.ID, err)
		writeErr(w, http.StatusBadRequest, resp.ID, -32600, "Invalid Request")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(out)
}

func (s *Server) remove(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	delete(s.sessions, sid)
	s.mu.Unlock()
	if !ok {
		writeErr(w, http.StatusNotFound, nil, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
