// Package sseentry answers every MCP POST as an event stream so that
// long-running tools can report progress as they go.
package sseentry

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

type Progress func(done, total float64, note string)

// Tool is one long-running job.
type Tool interface {
	Name() string
	Run(ctx context.Context, args json.RawMessage, progress Progress) (string, error)
}

type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcErr         `json:"error,omitempty"`
}

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type Server struct {
	tools    map[string]Tool
	eventSeq atomic.Int64
	keep     time.Duration
}

func NewServer(tools ...Tool) *Server {
	s := &Server{tools: map[string]Tool{}, keep: 15 * time.Second}
	for _, t := range tools {
		s.tools[t.Name()] = t
	}
	return s
}

type eventWriter struct {
	w   http.ResponseWriter
	f   http.Flusher
	seq *atomic.Int64
}

func (e *eventWriter) send(m rpcMsg) {
	m.JSONRPC = "2.0"
	b, err := json.Marshal(m)
	if err != nil {
		return
	}
	fmt.Fprintf(e.w, "id: %s\nevent: message\ndata: %s\n\n", strconv.FormatInt(e.seq.Add(1), 10), b)
	e.f.Flush()
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	ev := &eventWriter{w: w, f: flusher, seq: &s.eventSeq}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()

	var msg rpcMsg
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		ev.send(rpcMsg{ID: json.RawMessage("null"), Error: &rpcErr{Code: -32700, Message: "Parse error"}})
		return
	}

	switch msg.Method {
	case "tools/call":
		s.call(r.Context(), ev, &msg)
	case "tools/list":
		list := make([]map[string]any, 0, len(s.tools))
		for name := range s.tools {
			list = append(list, map[string]any{"name": name, "inputSchema": map[string]any{"type": "object"}})
		}
		ev.send(rpcMsg{ID: msg.ID, Result: map[string]any{"tools": list}})
	default:
		ev.send(rpcMsg{ID: msg.ID, Error: &rpcErr{Code: -32601, Message: "Method not found"}})
	}
}

func (s *Server) call(ctx context.Context, ev *eventWriter, msg *rpcMsg) {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      struct {
			ProgressToken any `json:"progressToken"`
		} `json:"_meta"`
	}
	if err := json.Unmarshal(msg.Params, &p); err != nil {
		ev.send(rpcMsg{ID: msg.ID, Error: &rpcErr{Code: -32602, Message: "Invalid params"}})
		return
	}
	tool, ok := s.tools[p.Name]
	if !ok {
		ev.send(rpcMsg{ID: msg.ID, Error: &rpcErr{Code: -32602, Message: "Unknown tool: " + p.Name}})
		return
	}
	progress := func(done, total float64, note string) {
		if p.Meta.ProgressToken == nil {
			return
		}
		ev.send(rpcMsg{Method: "notifications/progress", Params: mustJSON(map[string]any{
			"progressToken": p.Meta.ProgressToken, "progress": done, "total": total, "message": note,
		})})
	}
	out, err := tool.Run(ctx, p.Arguments, progress)
	if err != nil {
		ev.send(rpcMsg{ID: msg.ID, Error: &rpcErr{Code: -32603, Message: "tool failed: " + err.Error()}})
		return
	}
	ev.send(rpcMsg{ID: msg.ID, Result: map[string]any{"content": []map[string]string{{"type": "text", "text": out}}}})
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
