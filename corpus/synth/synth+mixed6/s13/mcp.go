// Package s13 is an MCP endpoint built from handlers that return errors.
package s13

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/google/uuid"
)

// Error is an MCP error answer: the HTTP status and the JSON-RPC error.
type Error struct {
	Status  int
	Code    int
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%d/%d: %s", e.Status, e.Code, e.Message) }

type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type handlerFunc func(w http.ResponseWriter, r *http.Request) (*Request, error)

// Adapt turns a handlerFunc into an http.HandlerFunc, writing returned errors.
func Adapt(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, err := h(w, r)
		if err == nil {
			return
		}
		var id json.RawMessage = json.RawMessage("null")
		if req != nil && len(req.ID) > 0 {
			id = req.ID
		}
		var e *Error
		if !errors.As(err, &e) {
			log.Printf("mcp: %s %s: %v", r.Method, r.URL.Path, err)
			e = &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error"}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(e.Status)
		json.NewEncoder(w).Encode(map[string]any{
			"jsonrpc": "2.0", "id": id,
			"error": map[string]any{"code": e.Code, "message": e.Message},
		})
	}
}

type Server struct {
	mu       sync.Mutex
	sessions map[string]struct{}
}

func NewServer() *Server { return &Server{sessions: map[string]struct{}{}} }

func (s *Server) Register(mux *http.ServeMux) {
	mux.Handle("POST /mcp", Adapt(s.post))
	mux.Handle("DELETE /mcp", Adapt(s.delete))
}

func decode(r *http.Request) (*Request, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, &Error{http.StatusBadRequest, -32000, "Bad Request: the request body could not be read"}
	}
	if !json.Valid(body) {
		return nil, &Error{http.StatusBadRequest, -32700, "Parse error"}
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, &Error{http.StatusBadRequest, -32600, "Invalid Request"}
	}
	if req.JSONRPC != "2.0" {
		return nil, &Error{http.StatusBadRequest, -32700, "Parse error: unsupported jsonrpc version"}
	}
	return &req, nil
}

func (s *Server) session(r *http.Request) (string, error) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return "", &Error{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	s.mu.Unlock()
	if !ok {
		return "", &Error{http.StatusNotFound, -32001, "Session not found"}
	}
	return sid, nil
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) (*Request, error) {
	req, err := decode(r)
	if err != nil {
		return nil, err
	}
	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			return nil, &Error{http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id"}
		}
		sid := uuid.NewString()
		s.mu.Lock()
		s.sessions[sid] = struct{}{}
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		return req, result(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "s13", "version": "0.1.0"},
		})
	}
	if _, err := s.session(r); err != nil {
		return req, err
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return req, nil
	}
	switch req.Method {
	case "ping":
		return req, result(w, req.ID, map[string]any{})
	default:
		return req, &Error{http.StatusOK, -32601, "Method not found"}
	}
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) (*Request, error) {
	sid, err := s.session(r)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	delete(s.sessions, sid)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
	return nil, nil
}

func result(w http.ResponseWriter, id json.RawMessage, v any) error {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
	return nil
}
