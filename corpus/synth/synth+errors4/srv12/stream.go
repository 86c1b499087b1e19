// Package srv12 adds resumable SSE streams to the build-status MCP server.
// Events are appended to an EventLog (Postgres in production) so that a client
// reconnecting with Last-Event-ID gets what it missed.
package srv12

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

var ErrUnknownEvent = errors.New("event id not in log")

type Event struct {
	ID   string
	Data []byte
}

type EventLog interface {
	Open(ctx context.Context, sessionID string) error
	After(ctx context.Context, sessionID, lastEventID string) ([]Event, error)
}

type Streams struct {
	Log EventLog
}

func writeRPCError(w http.ResponseWriter, status int, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": message},
	})
}

// StartSession is called by the initialize handler before the result is
// written; it returns the id to send back in Mcp-Session-Id.
func (s *Streams) StartSession(w http.ResponseWriter, r *http.Request) (string, bool) {
	id, err := uuid.NewRandom()
	if err != nil {
		log.Printf("uuid: %v", err)
		writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
		return "", false
	}
	if err := s.Log.Open(r.Context(), id.String()); err != nil {
		log.Printf("event log open: %v", err)
		http.Error(w, "could not open event log", http.StatusBadRequest)
		return "", false
	}
	return id.String(), true
}

// Resume serves GET with Last-Event-ID.
func (s *Streams) Resume(w http.ResponseWriter, r *http.Request, sessionID string) {
	if !strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		writeRPCError(w, http.StatusNotAcceptable, -32000, "Not Acceptable: GET requires text/event-stream")
		return
	}
	last := r.Header.Get("Last-Event-ID")
	events, err := s.Log.After(r.Context(), sessionID, last)
	if errors.Is(err, ErrUnknownEvent) {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: cannot resume from event "+last)
		return
	}
	if err != nil {
		log.Printf("event log after %q: %v", last, err)
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: cannot resume stream")
		return
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	fl, _ := w.(http.Flusher)
	for _, ev := range events {
		fmt.Fprintf(w, "id: %s\nevent: message\ndata: %s\n\n", ev.ID, ev.Data)
	}
	if fl != nil {
		fl.Flush()
	}
}

// Recorder is implemented by EventLogs that can also persist outgoing
// messages; the POST handler uses it in SSE mode.
type Recorder interface {
	Append(ctx context.Context, sessionID string, data []byte) (eventID string, err error)
}

// SendEvent writes one server message as an SSE event, recording it first so
// it can be replayed.
func (s *Streams) SendEvent(w http.ResponseWriter, r *http.Request, sessionID string, msg any) bool {
	rec, ok := s.Log.(Recorder)
	if !ok {
		return false
	}
	data, err := json.Marshal(msg)
	if err != nil {
		writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error: encode event")
		return false
	}
	id, err := rec.Append(r.Context(), sessionID, data)
	if err != nil {
		log.Printf("append event: %v", err)
		writeRPCError(w, http.StatusBadRequest, -32600, "Invalid Request: could not record event")
		return false
	}
	fmt.Fprintf(w, "id: %s\nevent: message\ndata: %s\n\n", id, data)
	return true
}
