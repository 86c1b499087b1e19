// Package ssebridge serves the standalone GET stream of the jobs MCP
// server: job progress notifications, resumable through the event log.
package ssebridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"
	"sync"

	"example.com/synth/errors5/ssebridge/events"
)

type EventLog interface {
	Append(ctx context.Context, stream, data string) (string, error)
	After(ctx context.Context, lastID string) ([]events.Event, error)
}

type Bridge struct {
	log      EventLog
	mu       sync.Mutex
	sessions map[string]chan string // session -> live notifications
	open     map[string]bool        // session -> GET stream open
}

func New(el EventLog) *Bridge {
	return &Bridge{log: el, sessions: map[string]chan string{}, open: map[string]bool{}}
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func (b *Bridge) ServeGET(w http.ResponseWriter, r *http.Request) {
	if !strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		writeErr(w, http.StatusNotAcceptable, -32000, "Not Acceptable: GET requires text/event-stream")
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	b.mu.Lock()
	live, ok := b.sessions[sid]
	busy := b.open[sid]
	if ok && !busy {
		b.open[sid] = true
	}
	b.mu.Unlock()
	if !ok {
		writeErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	if busy {
		writeErr(w, http.StatusConflict, -32000, "Conflict: a stream is already open for this session")
		return
	}
	defer func() {
		b.mu.Lock()
		delete(b.open, sid)
		b.mu.Unlock()
	}()

	flusher, canFlush := w.(http.Flusher)
	if !canFlush {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: streaming is not supported")
		return
	}

	var backlog []events.Event
	if last := r.Header.Get("Last-Event-ID"); last != "" {
		evs, err := b.log.After(r.Context(), last)
		if errors.Is(err, events.ErrUnknownEvent) {
			writeErr(w, http.StatusBadRequest, -32000, "Bad Request: cannot resume from event "+last)
			return
		}
		if err != nil {
			log.Printf("ssebridge: replay after %s: %v", last, err)
			writeErr(w, http.StatusBadRequest, -32000, "Bad Request: cannot resume from event "+last)
			return
		}
		backlog = evs
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	for _, ev := range backlog {
		fmt.Fprintf(w, "id: %s\ndata: %s\n\n", ev.ID, ev.Data)
	}
	flusher.Flush()

	for {
		select {
		case <-r.Context().Done():
			return
		case msg, ok := <-live:
			if !ok {
				return
			}
			id, err := b.log.Append(r.Context(), sid, msg)
			if err != nil {
				log.Printf("ssebridge: append: %v", err)
				return
			}
			fmt.Fprintf(w, "id: %s\ndata: %s\n\n", id, msg)
			flusher.Flush()
		}
	}
}

// Attach and Detach are called by the POST side when sessions start and end.
func (b *Bridge) Attach(sid string) chan<- string {
	ch := make(chan string, 64)
	b.mu.Lock()
	b.sessions[sid] = ch
	b.mu.Unlock()
	return ch
}

func (b *Bridge) Detach(sid string) {
	b.mu.Lock()
	if ch, ok := b.sessions[sid]; ok {
		close(ch)
		delete(b.sessions, sid)
	}
	b.mu.Unlock()
}
