package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
)

const headerSession = "Mcp-Session-Id"

type server struct {
	sessions *sessionTable

	mu    sync.Mutex
	notes map[string]string
}

type initializeParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	ClientInfo      map[string]any `json:"clientInfo"`
}

func (s *server) handlePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, -32000, "request body too large", nil)
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	if req.JSONRPC != jsonrpcVersion || req.Method == "" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request", req.ID)
		return
	}

	if req.Method == "initialize" {
		s.initialize(w, &req)
		return
	}

	sid := r.Header.Get(headerSession)
	if sid == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	sess := s.sessions.get(sid)
	if sess == nil {
		writeError(w, http.StatusNotFound, -32001, "Session not found", req.ID)
		return
	}

	if req.isNotification() {
		if req.Method == "notifications/initialized" {
			sess.initialized = true
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	s.dispatch(w, sess, &req)
}

func (s *server) initialize(w http.ResponseWriter, req *request) {
	sess := s.sessions.add()

	var p initializeParams
	if err := json.Unmarshal(req.Params, &p); err != nil || p.ProtocolVersion == "" {
		writeError(w, http.StatusBadRequest, -32602, "Invalid params: protocolVersion is required", req.ID)
		return
	}
	sess.protocol = p.ProtocolVersion

	w.Header().Set(headerSession, sess.id)
	writeResult(w, req.ID, map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "notesrv", "version": "0.3.1"},
	})
}

func (s *server) dispatch(w http.ResponseWriter, sess *session, req *request) {
	switch req.Method {
	case "ping":
		writeResult(w, req.ID, struct{}{})
	case "tools/list":
		writeResult(w, req.ID, map[string]any{"tools": []map[string]any{
			{"name": "add_note", "inputSchema": map[string]any{"type": "object"}},
			{"name": "list_notes", "inputSchema": map[string]any{"type": "object"}},
		}})
	case "tools/call":
		var call struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &call); err != nil {
			writeError(w, http.StatusOK, -32602, "Invalid params", req.ID)
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		switch call.Name {
		case "add_note":
			s.notes[call.Arguments["title"]] = call.Arguments["body"]
			writeResult(w, req.ID, textResult("saved"))
		case "list_notes":
			writeResult(w, req.ID, textResult(fmt.Sprintf("%d notes", len(s.notes))))
		default:
			writeError(w, http.StatusOK, -32602, "unknown tool "+call.Name, req.ID)
		}
	default:
		writeError(w, http.StatusOK, -32601, "Method not found", req.ID)
	}
}

func textResult(text string) map[string]any {
	return map[string]any{"content": []map[string]any{{"type": "text", "text": text}}}
}

func (s *server) handleStream(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(headerSession)
	if sid == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	sess := s.sessions.get(sid)
	if sess == nil {
		writeError(w, http.StatusBadRequest, -32000, "invalid session", nil)
		return
	}

	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()

	for {
		select {
		case <-r.Context().Done():
			return
		case ev, open := <-sess.events:
			if !open {
				return
			}
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", ev)
			flusher.Flush()
		}
	}
}

func (s *server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(headerSession)
	if sid == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	// Deleting is idempotent: a second DELETE for the same id is fine.
	s.sessions.remove(sid)
	w.WriteHeader(http.StatusNoContent)
}
