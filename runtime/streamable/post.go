package streamable

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const methodInitialize = "initialize"

// servePOST answers a POST: 202 for notifications and responses, 200 JSON
// or SSE for requests. Refusals are returned with the id to echo.
func (t *Transport) servePOST(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := protocol.CheckPOSTHeaders(r); err != nil {
		return nil, err
	}
	// A request from runtime/classify carries its decoding: the body is
	// neither read nor decoded twice.
	p, err := edge.ReadPayload(r, t.maxBody)
	if err != nil {
		return nil, err
	}
	echo, batch := p.ID(), p.Batch
	header, err := checkVersionHeader(r)
	if err != nil {
		return echo, err
	}
	// An established session keeps the revision it negotiated: a header
	// that is missing (read as 2025-03-26) or stale does not turn batching
	// or priming on or off.
	version := t.sessionVersion(header)
	if batch && version != protocol.Version20250326 {
		return nil, protocol.InvalidRequest("Invalid Request: JSON-RPC batches are not supported at protocol revision %s", version)
	}

	// st is created before the messages are published; the CloseSSEStream
	// closures handed to the server read it afterwards.
	st := &stream{version: version, json: t.opts.JSONResponse, batch: batch, lastIdx: -1}
	var (
		init   *jsonrpc.Request
		tokens map[jsonrpc.ID]string
	)
	tokenInfo := auth.TokenInfoFromContext(r.Context())
	for i := range p.Messages {
		req, meta := p.Messages[i].Request, &p.Messages[i].Meta
		if req == nil {
			continue // a response to a server-to-client request
		}
		if withID, err := refuseMessage(req, meta, batch); err != nil {
			if withID {
				return echo, err
			}
			return nil, err
		}
		if req.Method == methodInitialize {
			init = req
			if meta.InitVersion != "" {
				st.version = meta.InitVersion
			}
		}
		extra := &mcp.RequestExtra{TokenInfo: tokenInfo, Header: r.Header}
		if req.IsCall() {
			if _, dup := st.pending[req.ID]; dup {
				return nil, protocol.InvalidRequest("Invalid Request: duplicate request id %v in batch", req.ID.Raw())
			}
			if st.pending == nil {
				st.pending = make(map[jsonrpc.ID]struct{}, 1)
			}
			st.pending[req.ID] = struct{}{}
			if meta.Progress != "" {
				if tokens == nil {
					tokens = make(map[jsonrpc.ID]string, 1)
				}
				tokens[req.ID] = meta.Progress
			}
			// Set for every call, as go-sdk does: handlers call it without
			// checking for nil.
			extra.CloseSSEStream = func(a mcp.CloseSSEStreamArgs) { t.closeSSE(st, a.RetryAfter.Milliseconds()) }
		}
		req.Extra = extra
	}

	if len(st.pending) > 0 {
		// Stream ids only need to be unique within the session (event ids
		// are looked up under the session's id); a counter never has '_'.
		// A resumed transport's prefix keeps its ids apart from those of the
		// session's earlier incarnation.
		st.id = t.streamPrefix + strconv.FormatUint(t.streamSeq.Add(1), 36)
	}
	sessionID := ""
	if init != nil {
		st.isInit = true
		if sessionID, err = t.handshake(r.Context(), init, st.version, st, t.principalOf(r)); err != nil {
			return echo, err
		}
	} else if err := t.checkSession(r); err != nil {
		return echo, err
	}
	changed := false
	if init == nil && !t.stateless {
		t.mu.Lock()
		for i := range p.Messages {
			if req := p.Messages[i].Request; req != nil && t.observeRequestLocked(req) {
				changed = true
			}
		}
		t.mu.Unlock()
	}

	if len(st.pending) == 0 {
		if err := t.publish(p.Messages); err != nil {
			return nil, err
		}
		if changed {
			t.stateChanged()
		}
		w.WriteHeader(http.StatusAccepted)
		return nil, nil
	}
	if init == nil && t.opts.EventStore != nil && !st.json {
		if err := t.openStream(r.Context(), t.SessionID(), st); err != nil {
			return echo, protocol.Internal(err)
		}
	}
	released, err := t.register(w, st, tokens)
	if err != nil {
		if init != nil {
			t.mu.Lock()
			t.rollbackLocked()
			t.mu.Unlock()
		}
		return echo, err
	}
	if err := t.publish(p.Messages); err == nil {
		t.pump(r, st, released)
	}
	t.detach(st, r, echo)
	if init != nil {
		t.settleHandshake(st, sessionID)
	}
	return nil, nil
}

// sessionVersion is the revision a request of this session is served at:
// the one the session negotiated once it is established, else (stateless
// transports, requests before the handshake) what the header says.
func (t *Transport) sessionVersion(header string) string {
	if t.stateless {
		return header
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state != stateEstablished {
		return header
	}
	if v := t.srvState.NegotiatedProtocolVersion; protocol.IsSessionVersion(v) {
		return v
	}
	if t.version != "" {
		return t.version
	}
	return header
}

// settleHandshake rolls back a handshake whose initialize answer never
// reached the client (it went away, or the transport closed first): the
// client has no session id, so the session must not count as established.
func (t *Transport) settleHandshake(st *stream, sessionID string) {
	st.mu.Lock()
	answered := st.answered
	st.mu.Unlock()
	if answered {
		return
	}
	t.mu.Lock()
	if t.state != stateFresh && t.sessionID == sessionID {
		t.rollbackLocked()
	}
	t.mu.Unlock()
}

// handshake assigns the session of a fresh transport: mint the id, run
// OnSessionInitialized, store the initialize stream's priming event. Any
// failure rolls all of it back and is answered 500 / -32603 without
// Mcp-Session-Id.
func (t *Transport) handshake(ctx context.Context, init *jsonrpc.Request, version string, st *stream, principal string) (string, error) {
	params := initializeParams(init)
	t.mu.Lock()
	if t.state != stateFresh {
		t.mu.Unlock()
		return "", protocol.InvalidRequest("Invalid Request: server already initialized")
	}
	t.state = stateHandshaking
	t.principal = principal
	t.initID = init.ID
	t.initParams = params
	// What the client asked for, until the server's answer says what was
	// negotiated (srvState).
	t.version = version
	t.mu.Unlock()
	if t.stateless {
		return "", nil
	}
	id, err := t.assign(ctx, st)
	if err != nil {
		t.mu.Lock()
		t.rollbackLocked()
		t.mu.Unlock()
		return "", protocol.Internal(err)
	}
	return id, nil
}

func (t *Transport) assign(ctx context.Context, st *stream) (string, error) {
	var id string
	err := guard("SessionIDGenerator", func() (err error) {
		id, err = t.opts.SessionIDGenerator()
		return err
	})
	if err == nil {
		err = validSessionID(id)
	}
	if err != nil {
		return "", err
	}
	t.mu.Lock()
	t.sessionID, t.announced = id, id
	t.mu.Unlock()
	if hook := t.opts.OnSessionInitialized; hook != nil {
		if err := guard("OnSessionInitialized", func() error { return hook(ctx, id) }); err != nil {
			return "", err
		}
	}
	if t.opts.EventStore != nil && !st.json {
		if err := t.openStream(ctx, id, st); err != nil {
			return "", err
		}
	}
	return id, nil
}

// openStream opens a new SSE request stream in the event store and, for
// revisions that have it, stores its priming event (index 0).
func (t *Transport) openStream(ctx context.Context, sessionID string, st *stream) error {
	if err := t.storeOpen(ctx, sessionID, st.id); err != nil {
		return err
	}
	if t.wantsPriming(st.version) {
		if err := t.storeAppend(ctx, sessionID, st.id, nil); err != nil {
			return err
		}
		st.lastIdx = 0
	}
	return nil
}

// register makes st the stream of its requests and attaches it to w; for
// SSE it writes the headers and the priming event, except on an initialize,
// whose response waits for the server's answer. After register, responses
// can arrive.
func (t *Transport) register(w http.ResponseWriter, st *stream, tokens map[jsonrpc.ID]string) (<-chan struct{}, error) {
	t.mu.Lock()
	if t.closed || t.draining {
		err := t.goneLocked()
		t.mu.Unlock()
		return nil, err
	}
	if err := t.streamRoomLocked(); err != nil {
		t.mu.Unlock()
		return nil, err
	}
	for id := range st.pending {
		if t.byRequest[id] != nil {
			t.mu.Unlock()
			e := protocol.InvalidRequest("Invalid Request: request id %v is already in flight", id.Raw())
			return nil, e
		}
	}
	if t.byRequest == nil {
		t.byRequest = make(map[jsonrpc.ID]*stream, len(st.pending))
	}
	for id := range st.pending {
		t.byRequest[id] = st
	}
	for id, tok := range tokens {
		if t.progress == nil {
			t.progress = make(map[string]jsonrpc.ID)
			t.progressOf = make(map[jsonrpc.ID]string)
		}
		t.progress[tok] = id
		t.progressOf[id] = tok
	}
	t.markAttachedLocked(st)
	st.mu.Lock()
	defer st.mu.Unlock()
	t.mu.Unlock()
	released := st.attachLocked(w)
	t.trackWrites(st.rc)
	if st.json {
		return released, nil
	}
	// An initialize's stream starts when the server answers (writeResponse):
	// until then its priming event is held.
	if !st.isInit {
		if err := st.startLocked(""); err != nil {
			t.log.Debug("streamable: starting stream", "error", err)
		}
	}
	if st.lastIdx == 0 {
		if err := t.primeLocked(st); err != nil {
			t.log.Debug("streamable: writing priming event", "error", err)
		}
	}
	return released, nil
}

// detach ends the HTTP request's hold on st. A stream with unanswered
// requests can be resumed when an event store can replay it; otherwise
// its requests are cancelled and their late responses dropped (and logged)
// since no client can get them.
func (t *Transport) detach(st *stream, r *http.Request, echo any) {
	t.mu.Lock()
	t.markDetachedLocked(st)
	st.mu.Lock()
	if !st.started && st.w != nil && r.Context().Err() == nil {
		// Nothing was written yet: the transport closed under the request.
		protocol.WriteError(st.w, echo, t.goneLocked())
	}
	t.untrackWrites(st.rc)
	st.detachLocked()
	keep := !st.doneLocked() && !st.json && t.opts.EventStore != nil
	var abandoned []jsonrpc.ID
	if !keep && !t.closed {
		for id := range st.pending {
			abandoned = append(abandoned, id)
		}
	}
	st.mu.Unlock()
	t.mu.Unlock()
	// No client can receive these answers any more: cancel the handlers
	// rather than let them run for nobody.
	for _, id := range abandoned {
		t.cancelRequest(id)
	}
}

// cancelRequest hands the server a notifications/cancelled for id, as the
// client would have sent.
func (t *Transport) cancelRequest(id jsonrpc.ID) {
	raw, err := json.Marshal(id.Raw())
	if err != nil {
		return
	}
	params := append(append([]byte(`{"requestId":`), raw...), `,"reason":"client disconnected"}`...)
	t.publishOne(&jsonrpc.Request{Method: "notifications/cancelled", Params: params})
}

// closeSSE implements RequestExtra.CloseSSEStream: end the HTTP response
// now, telling the client when to resume. Without an event store the client
// could not resume, so the request is left to finish on its stream.
func (t *Transport) closeSSE(st *stream, retryMillis int64) {
	if st.json || t.opts.EventStore == nil {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.w == nil || !st.started {
		return
	}
	if retryMillis > 0 {
		buf := []byte("retry: ")
		buf = strconv.AppendInt(buf, retryMillis, 10)
		buf = append(buf, "\ndata: \n\n"...)
		st.queueLocked(buf)
	}
	// The carrying request writes what is queued, then returns.
	st.releaseLocked()
}

// publish hands client messages to the connected server session.
func (t *Transport) publish(msgs []edge.Message) error {
	for i := range msgs {
		if err := t.publishOne(msgs[i].Msg); err != nil {
			return err
		}
	}
	return nil
}

func (t *Transport) publishOne(m jsonrpc.Message) error {
	select {
	case t.incoming <- m:
		return nil
	case <-t.done:
		t.mu.Lock()
		defer t.mu.Unlock()
		return t.goneLocked()
	}
}

// refuseMessage is the refusal of one decoded request that needs no server:
// a 2026-07-28 claim (refused as the classifier refuses it), and an
// initialize in a batch, without an id or with params of the wrong type.
// withID reports whether the answer echoes the request's id. servePOST and
// CheckHandshake both take it, so a refusal made before a server is built is
// the transport's own.
func refuseMessage(req *jsonrpc.Request, meta *edge.Meta, batch bool) (withID bool, err error) {
	if meta.Claimed {
		if meta.Problem != "" {
			return true, protocol.InvalidParams("Invalid params: %s", meta.Problem)
		}
		return true, protocol.UnsupportedProtocolVersion(meta.Claim, protocol.SessionVersions)
	}
	if req.Method != methodInitialize {
		return false, nil
	}
	switch {
	case batch:
		return false, protocol.InvalidRequest("Invalid Request: initialize must not be part of a JSON-RPC batch")
	case !req.IsCall():
		return false, protocol.InvalidRequest("Invalid Request: initialize must be a request with an id")
	}
	return true, checkInitializeParams(req.Params)
}

// checkInitializeParams refuses initialize params the server could not
// read, 400 / -32602, in words a client can act on. go-sdk would answer
// them with its decoder's message, which names Go types and fields.
func checkInitializeParams(params json.RawMessage) error {
	if len(params) == 0 || string(params) == "null" {
		return nil // the server answers missing params itself
	}
	if params[0] != '{' {
		return protocol.InvalidParams("Invalid params: initialize params must be an object")
	}
	var p mcp.InitializeParams
	err := json.Unmarshal(params, &p)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return protocol.InvalidParams("Invalid params: params.%s must be %s, not %s", te.Field, jsonKind(te.Type), strings.Fields(te.Value)[0])
	}
	e := protocol.InvalidParams("Invalid params: initialize params do not have the shape of InitializeRequest params")
	e.Cause = err
	return e
}

// jsonKind names the JSON type a Go type is decoded from.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Interface:
		return "a JSON value"
	}
	return "a number"
}
