package t17

import (
	"context"
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type session struct {
	id      string
	events  chan []byte
	cancel  context.CancelFunc
	version string
}

type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func NewServer() *Server { return &Server{sessions: map[string]*session{}} }

func (s *Server) Routes() chi.Router {
	r := chi.NewRouter()
	r.Post("/mcp", s.post)
	return r
}

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func writeRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) startSession() *session {
	ctx, cancel := context.WithCancel(context.Background())
	sess := &session{id: uuid.NewString(), events: make(chan []byte, 16), cancel: cancel}
	s.mu.Lock()
	s.sessions[sess.id] = sess
	s.mu.Unlock()
	go func() {
		t := time.NewTicker(30 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				select {
				case sess.events <- []byte(`{"jsonrpc":"2.0","method":"notifications/ping"}`):
				default:
				}
			}
		}
	}()
	return sess
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	var msg rpcMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeRPCError(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}

	if msg.Method == "initialize" {
		sess := s.startSession()
		var params struct {
			ProtocolVersion string `json:"protocolVersion"`
			Capabilities    any    `json:"capabilities"`
		}
		if err := json.Unmarshal(msg.Params, &params); err != nil || params.ProtocolVersion == "" {
			log.Printf("initialize: bad params: %v", err)
			writeRPCError(w, http.StatusBadRequest, msg.ID, -32602, "Invalid params")
			return
		}
		sess.version = params.ProtocolVersion
		w.Header().Set("Mcp-Session-Id", sess.id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeRPCError(w, http.StatusBadRequest, msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	s.mu.Unlock()
	if !ok {
		writeRPCError(w, http.StatusNotFound, msg.ID, -32001, "Session not found")
		return
	}
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}
