package streamable

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewResumedTransport returns a transport for a session established
// elsewhere — on another node, or by an earlier process — whose go-sdk state
// was kept (see [Options.OnStateChange]). It is established from the start:
// it serves requests carrying sessionID, never an initialize, so the client
// carries on without re-initializing. Connect it with the same state:
//
//	t, err := streamable.NewResumedTransport(opts, id, state, principal)
//	ss, err := server.Connect(ctx, t, &mcp.ServerSessionOptions{State: &state})
//
// What the earlier incarnation had in flight is gone. A client resuming one
// of its streams (Last-Event-ID) gets what opts.EventStore still holds of
// it; when the store has nothing, the standalone GET stream starts afresh
// and a request stream is answered with an event stream that ends at once,
// so the client reports that one request as terminated without a response
// and keeps the session (a 4xx there would make it drop the session).
// Stream ids of a resumed transport carry a prefix of their own, so that
// they never name a stream of the earlier incarnation.
//
// principal is the one recorded for the session (its handshake's, kept by
// the session store): requests under another are refused 403 as on the
// node that established it. Check it against the request before resuming,
// so that a stranger's request does not resume the session at all.
func NewResumedTransport(opts Options, sessionID string, state mcp.ServerSessionState, principal string) (*Transport, error) {
	if err := validSessionID(sessionID); err != nil {
		return nil, errors.New("streamable: resumed session id is empty or not visible ASCII")
	}
	if state.InitializeParams == nil {
		return nil, errors.New("streamable: resumed session state has no initialize params: the session was never established")
	}
	t := NewTransport(opts)
	t.stateless = false
	t.state = stateEstablished
	t.sessionID, t.announced = sessionID, sessionID
	t.resumed = true
	// 40 random bits; base32 has no '_' or '.', which event ids split on.
	t.streamPrefix = rand.Text()[:8] + "."
	t.srvState = state
	t.principal = principal
	return t, nil
}

// Resumed reports whether t was built by [NewResumedTransport].
func (t *Transport) Resumed() bool { return t.resumed }

// foreignStream reports whether streamID was opened by an earlier
// incarnation of a resumed session.
func (t *Transport) foreignStream(streamID string) bool {
	return t.resumed && streamID != "" && !strings.HasPrefix(streamID, t.streamPrefix)
}

// State returns the session's go-sdk state as observed on the wire (the
// initialize params and negotiated version, the initialized notification,
// the log level), the state a resumed transport and server session are
// built from. ok is false until the session is established.
func (t *Transport) State() (state mcp.ServerSessionState, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.srvState, t.state == stateEstablished && !t.stateless
}

// observeRequest records what a client message changes in the session's
// state; it reports whether the state changed now (the initialized
// notification). logging/setLevel changes it when the server accepts it,
// in observeResponse. t.mu is held.
func (t *Transport) observeRequestLocked(req *jsonrpc.Request) bool {
	switch req.Method {
	case "notifications/initialized":
		if req.IsCall() || t.srvState.InitializedParams != nil {
			return false
		}
		p := new(mcp.InitializedParams)
		if len(req.Params) > 0 && json.Unmarshal(req.Params, p) != nil {
			return false // the server refuses it too
		}
		t.srvState.InitializedParams = p
		return t.state == stateEstablished
	case "logging/setLevel":
		var p mcp.SetLoggingLevelParams
		if req.IsCall() && json.Unmarshal(req.Params, &p) == nil {
			if t.setLevel == nil {
				t.setLevel = make(map[jsonrpc.ID]mcp.LoggingLevel, 1)
			}
			t.setLevel[req.ID] = p.Level
		}
	}
	return false
}

// initializeParams decodes an initialize's params for the state; nil when
// they do not decode (the server refuses the initialize then).
func initializeParams(req *jsonrpc.Request) *mcp.InitializeParams {
	p := new(mcp.InitializeParams)
	if json.Unmarshal(req.Params, p) != nil {
		return nil
	}
	return p
}

// observeResponseLocked records what the server's answer m changes in the
// state: the established handshake (init is true for its answer) and an
// accepted log level. It reports whether the state changed. t.mu is held.
func (t *Transport) observeResponseLocked(m *jsonrpc.Response, init bool) bool {
	if init {
		if m.Error != nil || t.initParams == nil {
			return false
		}
		var res struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		json.Unmarshal(m.Result, &res)
		t.srvState.InitializeParams = t.initParams
		t.srvState.NegotiatedProtocolVersion = res.ProtocolVersion
		t.initParams = nil
		return true
	}
	level, ok := t.setLevel[m.ID]
	if !ok {
		return false
	}
	delete(t.setLevel, m.ID)
	if len(t.setLevel) == 0 {
		t.setLevel = nil
	}
	if m.Error != nil {
		return false
	}
	t.srvState.LogLevel = level
	return true
}

// stateChanged hands the current state to OnStateChange. Calls are
// serialised and each reads the state when it runs, so the last call always
// carries the latest state, whatever order the changes raced in.
func (t *Transport) stateChanged() {
	hook := t.opts.OnStateChange
	if hook == nil {
		return
	}
	t.stateMu.Lock()
	defer t.stateMu.Unlock()
	t.mu.Lock()
	state, id, ok := t.srvState, t.sessionID, t.state == stateEstablished && !t.closed
	t.mu.Unlock()
	if !ok {
		return
	}
	if err := guard("OnStateChange", func() error { hook(id, state); return nil }); err != nil {
		t.log.Error("streamable: OnStateChange", "error", err)
	}
}
