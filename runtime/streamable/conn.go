package streamable

import (
	"context"
	"encoding/json"
	"errors"
	"io"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/internal/rejected"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// conn is the mcp.Connection a connected server session reads client
// messages from and writes its messages to.
type conn struct{ t *Transport }

// SessionID implements mcp.Connection.
func (c *conn) SessionID() string { return c.t.SessionID() }

// Close implements mcp.Connection: the server session ending closes the
// transport.
func (c *conn) Close() error { return c.t.Close() }

// Read implements mcp.Connection. It returns io.EOF once the transport is
// closed, which ends the connected server session.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.t.done:
		return nil, io.EOF
	case m := <-c.t.incoming:
		return m, nil
	}
}

// Write implements mcp.Connection. A response goes to the stream of the
// request it answers. Other messages go, in order of preference, to the
// stream of the request whose progress token they carry, to the only open
// request stream, to the standalone GET stream, or into a bounded queue the
// next GET stream flushes. go-sdk keeps the request a notification relates
// to in an unexported context key, so a transport outside it can only
// approximate that routing.
func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	t := c.t
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return mcp.ErrConnectionClosed
	}
	switch m := msg.(type) {
	case *jsonrpc.Response:
		return t.writeResponse(ctx, m, data) // unlocks
	case *jsonrpc.Request:
		if m.IsCall() && t.stateless {
			t.mu.Unlock()
			return rejected.Errorf("a stateless transport cannot carry server-to-client requests: the client could not answer them")
		}
		if s := t.routeLocked(m); s != nil {
			s.mu.Lock()
			if s.w != nil || t.opts.EventStore != nil {
				sid := t.announced
				t.mu.Unlock()
				err := t.sendLocked(ctx, s, sid, data)
				s.mu.Unlock()
				if err == nil {
					return nil
				}
				t.mu.Lock()
				if t.closed {
					t.mu.Unlock()
					return mcp.ErrConnectionClosed
				}
			} else {
				s.mu.Unlock()
			}
		}
		return t.writeStandalone(ctx, data) // unlocks
	}
	t.mu.Unlock()
	return rejected.Errorf("unknown message type %T", msg)
}

// writeResponse delivers a response to its request's stream. t.mu is held
// on entry and released.
func (t *Transport) writeResponse(ctx context.Context, m *jsonrpc.Response, data []byte) error {
	s := t.byRequest[m.ID]
	delete(t.byRequest, m.ID)
	if tok, ok := t.progressOf[m.ID]; ok {
		delete(t.progress, tok)
		delete(t.progressOf, m.ID)
	}
	t.shrinkLocked()
	isInit := t.state == stateHandshaking && m.ID == t.initID
	if isInit {
		if m.Error != nil {
			// The server refused the initialize: the session is not
			// established, and the close rule applies as for any refusal.
			t.rollbackLocked()
		} else {
			t.state = stateEstablished
		}
	}
	changed := !t.stateless && t.observeResponseLocked(m, isInit)
	// Streams are stored under the id they were opened with, which a
	// rollback keeps in announced; the header only names a live session.
	storeID, header := t.announced, t.sessionID
	t.mu.Unlock()
	if changed {
		// Before the answer goes out: a session store then holds an
		// established session before its client knows the id.
		t.stateChanged()
	}
	if s == nil {
		t.log.Warn("streamable: response to a request with no stream", "id", m.ID.Raw())
		return rejected.Errorf("no stream for response %v", m.ID.Raw())
	}
	s.mu.Lock()
	delete(s.pending, m.ID)
	done := s.doneLocked()
	var err error
	switch {
	case s.isInit && m.Error != nil:
		// A refused handshake is answered like the transport's own
		// refusals: the error as application/json with a status that fits
		// its code, no Mcp-Session-Id. Server messages held for the stream
		// go with the session that never was.
		if len(s.held) > 0 {
			t.log.Debug("streamable: dropping server messages sent during a refused initialize")
		}
		err = s.writeJSONLocked(protocol.StatusForCode(wireCode(m.Error)), data, "")
	case s.json:
		s.answers = append(s.answers, data)
		if done {
			if !s.isInit {
				header = ""
			}
			err = s.writeJSONAnswerLocked(header)
		}
	default:
		if !s.started {
			// The initialize's stream, held until now: it establishes
			// the session.
			err = s.startLocked(header)
		}
		if err == nil {
			err = t.sendLocked(ctx, s, storeID, data)
		}
	}
	if done {
		// The carrying request writes what is queued, then returns; it
		// records whether the answer reached the client (answered).
		s.releaseLocked()
	}
	s.mu.Unlock()
	if err != nil {
		if errors.Is(err, errDetached) {
			// The client went away; its request was cancelled.
			t.log.Debug("streamable: response for a departed client", "id", m.ID.Raw())
		} else {
			t.log.Warn("streamable: response undelivered", "id", m.ID.Raw(), "error", err)
		}
		return rejected.Errorf("response undelivered: %v", err)
	}
	return nil
}

// routeLocked picks the request stream a non-response message belongs on,
// or nil for the standalone stream.
func (t *Transport) routeLocked(m *jsonrpc.Request) *stream {
	if t.opts.JSONResponse {
		return nil
	}
	if m.Method == "notifications/progress" && len(t.progress) > 0 {
		var p struct {
			Token json.RawMessage `json:"progressToken"`
		}
		if json.Unmarshal(m.Params, &p) == nil {
			if id, ok := t.progress[edge.ProgressKey(p.Token)]; ok {
				if s := t.byRequest[id]; s != nil {
					return s
				}
			}
		}
	}
	var only *stream
	for _, s := range t.byRequest {
		if s.attached && !s.json && s != only {
			if only != nil {
				return nil
			}
			only = s
		}
	}
	return only
}

// streamLocked returns the SSE request stream streamID that still has
// unanswered requests, for a resumption; nil if there is none.
func (t *Transport) streamLocked(streamID string) *stream {
	for _, s := range t.byRequest {
		if s.id == streamID && !s.json {
			return s
		}
	}
	return nil
}

// writeStandalone writes to the standalone GET stream, or queues when none
// is open. t.mu is held on entry and released.
func (t *Transport) writeStandalone(ctx context.Context, data []byte) error {
	s := t.standalone
	s.mu.Lock()
	if s.w == nil {
		s.mu.Unlock()
		defer t.mu.Unlock()
		if t.stateless {
			t.log.Warn("streamable: stateless transport has no stream for a server message; dropped")
			return rejected.Errorf("no stream to deliver to on a stateless transport")
		}
		if len(t.queue) >= maxQueued {
			t.log.Warn("streamable: server-to-client queue full; message refused", "queued", len(t.queue))
			return rejected.Errorf("no open stream and %d messages already queued", len(t.queue))
		}
		t.queue = append(t.queue, data)
		return nil
	}
	sid := t.announced
	t.mu.Unlock()
	err := t.sendLocked(ctx, s, sid, data)
	s.mu.Unlock()
	if err != nil {
		t.log.Warn("streamable: standalone stream write failed", "error", err)
		return rejected.Errorf("standalone stream: %v", err)
	}
	return nil
}

// shrinkLocked drops the request maps once empty: an idle session then
// holds none, at the price of small allocations on its next request.
func (t *Transport) shrinkLocked() {
	if len(t.byRequest) == 0 {
		t.byRequest = nil
	}
	if len(t.progress) == 0 {
		t.progress, t.progressOf = nil, nil
	}
}

// rollbackLocked undoes a handshake: no session id, not initialized. The
// announced id is kept for OnClose.
func (t *Transport) rollbackLocked() {
	t.state = stateFresh
	t.sessionID = ""
	t.initID = jsonrpc.ID{}
	t.initParams = nil
}

// wireCode is the JSON-RPC code of a response error as it goes on the wire
// (0 when the server gave none).
func wireCode(err error) int64 {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		return we.Code
	}
	return 0
}
