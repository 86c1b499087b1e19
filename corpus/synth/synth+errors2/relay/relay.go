// Package relay forwards MCP Streamable HTTP POSTs to one upstream server and
// copies its JSON answer back, rewriting the session header on the way.
package relay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"time"
)

const maxBody = 4 << 20

// SessionMap translates the session ids we hand out to the upstream's.
type SessionMap interface {
	Upstream(ctx context.Context, local string) (string, bool)
	Bind(ctx context.Context, local, upstream string) error
}

type Relay struct {
	Target   string
	Client   *http.Client
	Sessions SessionMap
	Logger   *log.Logger
}

func New(target string, sessions SessionMap) *Relay {
	return &Relay{
		Target:   target,
		Client:   &http.Client{Timeout: 60 * time.Second},
		Sessions: sessions,
		Logger:   log.Default(),
	}
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		writeRPCError(w, nil, ServerError, "could not read request body")
		return
	}
	var msg envelope
	if err := json.Unmarshal(body, &msg); err != nil {
		writeRPCError(w, nil, ParseError, "Parse error")
		return
	}
	if msg.JSONRPC != "2.0" {
		writeRPCError(w, msg.ID, InvalidRequest, "Invalid Request")
		return
	}

	out, err := http.NewRequestWithContext(r.Context(), http.MethodPost, rl.Target, bytes.NewReader(body))
	if err != nil {
		writeRPCError(w, msg.ID, InternalError, "Internal error")
		return
	}
	out.Header.Set("Content-Type", "application/json")
	out.Header.Set("Accept", "application/json, text/event-stream")
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" {
		out.Header.Set("Mcp-Protocol-Version", v)
	}
	if local := r.Header.Get("Mcp-Session-Id"); local != "" {
		up, ok := rl.Sessions.Upstream(r.Context(), local)
		if !ok {
			writeRPCError(w, msg.ID, -32001, "Session not found")
			return
		}
		out.Header.Set("Mcp-Session-Id", up)
	}

	resp, err := rl.Client.Do(out)
	if err != nil {
		rl.Logger.Printf("relay: upstream %s: %v", rl.Target, err)
		writeRPCError(w, msg.ID, ParseError, fmt.Sprintf("upstream unavailable: %v", err))
		return
	}
	defer resp.Body.Close()

	if resp.StatusCode == http.StatusAccepted {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if resp.StatusCode >= 500 {
		rl.Logger.Printf("relay: upstream answered %s", resp.Status)
		writeRPCError(w, msg.ID, InternalError, "upstream error")
		return
	}

	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		writeRPCError(w, msg.ID, InternalError, "reading upstream response")
		return
	}
	var reply envelope
	if err := json.Unmarshal(raw, &reply); err != nil {
		rl.Logger.Printf("relay: undecodable upstream reply (%d bytes): %v", len(raw), err)
		writeRPCError(w, msg.ID, ParseError, "Parse error")
		return
	}

	if up := resp.Header.Get("Mcp-Session-Id"); up != "" && msg.Method == "initialize" {
		local := newLocalID()
		if err := rl.Sessions.Bind(r.Context(), local, up); err != nil {
			writeRPCError(w, msg.ID, InternalError, "Internal error")
			return
		}
		w.Header().Set("Mcp-Session-Id", local)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.StatusCode)
	w.Write(raw)
}
