package edge

import (
	"encoding/json"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Reserved params._meta keys of the 2026-07-28 per-request envelope
// (SEP-2575) besides the claim itself.
const (
	metaClientInfo         = "io.modelcontextprotocol/clientInfo"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaLogLevel           = "io.modelcontextprotocol/logLevel"
	metaProgressToken      = "progressToken"
)

const methodInitialize = "initialize"

// maxSafeID is the largest integer id the runtime accepts: 2^53-1, the
// largest n for which every integer in [-n, n] survives a float64. go-sdk's
// public API builds numeric ids from float64 (jsonrpc.MakeID), so a larger
// id, like a fractional one, would be answered under a different id.
const maxSafeID = 1<<53 - 1

// Payload is a decoded POST body.
type Payload struct {
	// Raw is the body as read. Messages' params alias it: do not modify it.
	Raw []byte
	// Batch reports a JSON array body (2025-03-26 batching).
	Batch bool
	// Messages are the body's messages in order: one for a single message.
	Messages []Message
	single   [1]Message // backs Messages for a single message
}

// ID is the id of a single request, as protocol.WriteError takes it
// (string or int64); nil for notifications, responses and batches.
func (p *Payload) ID() any {
	if p == nil || p.Batch || len(p.Messages) != 1 || p.Messages[0].Request == nil || !p.Messages[0].Request.IsCall() {
		return nil
	}
	return p.Messages[0].Request.ID.Raw()
}

// Message is one decoded JSON-RPC message.
type Message struct {
	// Msg is the message as go-sdk's types hold it: *jsonrpc.Request or
	// *jsonrpc.Response.
	Msg jsonrpc.Message
	// Request is Msg when it is a request or notification, else nil.
	Request *jsonrpc.Request
	// Meta is what the runtime reads from a request's params.
	Meta Meta
}

// Meta holds the params fields the runtime routes on, read once.
type Meta struct {
	// Claimed: params._meta holds the 2026-07-28 protocol-version key,
	// whatever its value.
	Claimed bool
	// Claim is that key's value when it is a string.
	Claim string
	// Problem describes a malformed envelope: params._meta that is not an
	// object, a claim that is not a non-empty string, or a reserved
	// io.modelcontextprotocol/ key of the wrong JSON type. "" when well
	// formed. It is the message of a -32602 refusal.
	Problem string
	// Progress is params._meta.progressToken as [ProgressKey] has it; ""
	// when absent.
	Progress string
	// InitVersion is an initialize request's params.protocolVersion when
	// it is a string.
	InitVersion string
}

// Decode decodes a POST body: one JSON-RPC 2.0 message or a batch of them.
//
// It is stricter than jsonrpc.DecodeMessage where go-sdk would misread a
// message, and agrees with it everywhere else (exact-case keys, the last of
// duplicate keys wins, an absent or null id makes a notification):
//   - bytes that are not one JSON value, including a valid object followed
//     by anything but whitespace, are 400 / -32700;
//   - JSON that is not a JSON-RPC 2.0 message is 400 / -32600: "jsonrpc"
//     not "2.0", a "method" that is not a string (go-sdk reads null as ""),
//     an id that is neither a string nor an integer within ±(2^53-1) (go-sdk
//     truncates 1.5 to 1 and would answer under another id), a response
//     without exactly one of "result" and an "error" object, an empty batch
//     or a batch element that is not a message.
//
// The error is a *protocol.Error with a null id to echo: a message that is
// not readable has no id the client could match.
func Decode(raw []byte) (*Payload, error) {
	body := trimSpace(raw)
	if len(body) == 0 || !json.Valid(body) {
		return nil, protocol.ParseError(nil)
	}
	p := &Payload{Raw: raw}
	switch body[0] {
	case '{':
		if err := decodeMessage(body, &p.single[0]); err != nil {
			return nil, err
		}
		p.Messages = p.single[:]
		return p, nil
	case '[':
		p.Batch = true
		it := newElements(body)
		for it.next() {
			var m Message
			if it.val[0] != '{' {
				return nil, protocol.InvalidRequest("Invalid Request: batch element %d is not a JSON-RPC message", len(p.Messages))
			}
			if err := decodeMessage(it.val, &m); err != nil {
				return nil, protocol.InvalidRequest("Invalid Request: batch element %d: %s", len(p.Messages), err.Message)
			}
			p.Messages = append(p.Messages, m)
		}
		if len(p.Messages) == 0 {
			return nil, protocol.InvalidRequest("Invalid Request: empty JSON-RPC batch")
		}
		return p, nil
	}
	return nil, protocol.InvalidRequest("Invalid Request: the body is JSON but not a JSON-RPC message")
}

// decodeMessage decodes the valid JSON object obj into m. Refusals are
// -32600 messages without the "Invalid Request: " prefix's context lost:
// batch elements quote them.
func decodeMessage(obj []byte, m *Message) *protocol.Error {
	var version, id, method, params, result, errObj []byte
	it := newMembers(obj)
	for it.next() {
		switch k := it.key; {
		case keyIs(k, "jsonrpc"):
			version = it.val
		case keyIs(k, "id"):
			id = it.val
		case keyIs(k, "method"):
			method = it.val
		case keyIs(k, "params"):
			params = it.val
		case keyIs(k, "result"):
			result = it.val
		case keyIs(k, "error"):
			errObj = it.val
		}
	}
	// The plain spelling is compared in place: no string per message.
	if string(version) != `"2.0"` {
		if v, ok := unquote(version); !ok || v != "2.0" {
			return protocol.InvalidRequest(`Invalid Request: "jsonrpc" must be "2.0"`)
		}
	}
	rid, ok := decodeID(id)
	if !ok {
		return protocol.InvalidRequest(`Invalid Request: "id" must be a string or an integer between -(2^53-1) and 2^53-1`)
	}
	if method != nil {
		name, ok := unquote(method)
		if !ok {
			return protocol.InvalidRequest(`Invalid Request: "method" must be a string`)
		}
		req := &jsonrpc.Request{ID: rid, Method: name, Params: params}
		m.Msg, m.Request = req, req
		m.Meta = readMeta(name, params)
		return nil
	}
	if !rid.IsValid() {
		return protocol.InvalidRequest(`Invalid Request: a message without "method" is a response and needs an "id"`)
	}
	if errObj != nil && isNull(errObj) {
		errObj = nil
	}
	if (result != nil) == (errObj != nil) {
		return protocol.InvalidRequest(`Invalid Request: a response needs exactly one of "result" and "error"`)
	}
	resp := &jsonrpc.Response{ID: rid, Result: result}
	if errObj != nil {
		wire, ok := decodeWireError(errObj)
		if !ok {
			return protocol.InvalidRequest(`Invalid Request: a response's "error" must be an object with an integer "code" and a string "message"`)
		}
		resp.Error, resp.Result = wire, nil
	}
	m.Msg = resp
	return nil
}

// decodeID reads an id: absent or null is no id, a string or a safe integer
// is an id, anything else is refused.
func decodeID(raw []byte) (jsonrpc.ID, bool) {
	if raw == nil || isNull(raw) {
		return jsonrpc.ID{}, true
	}
	if raw[0] == '"' {
		s, ok := unquote(raw)
		if !ok {
			return jsonrpc.ID{}, false
		}
		id, err := jsonrpc.MakeID(s)
		return id, err == nil
	}
	// Only an integer literal: 1.0 and 1e2 are integers in value, but the
	// answer would spell them differently from the request.
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || n > maxSafeID || n < -maxSafeID {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(float64(n))
	return id, err == nil
}

// decodeWireError reads a response's error object with exact-case keys, as
// go-sdk does.
func decodeWireError(raw []byte) (*jsonrpc.Error, bool) {
	if raw[0] != '{' {
		return nil, false
	}
	var wire jsonrpc.Error
	it := newMembers(raw)
	for it.next() {
		switch {
		case keyIs(it.key, "code"):
			n, err := strconv.ParseInt(string(it.val), 10, 64)
			if err != nil {
				return nil, false
			}
			wire.Code = n
		case keyIs(it.key, "message"):
			s, ok := unquote(it.val)
			if !ok {
				return nil, false
			}
			wire.Message = s
		case keyIs(it.key, "data"):
			wire.Data = json.RawMessage(it.val)
		}
	}
	return &wire, true
}

// readMeta reads the params fields the runtime routes on. Params that are
// absent, null or not an object carry none: that is how go-sdk's server
// reads them too, so nothing here sees a claim the server cannot.
func readMeta(method string, params []byte) Meta {
	var out Meta
	if len(params) == 0 || params[0] != '{' {
		return out
	}
	isInit := method == methodInitialize
	if !isInit && !mayHold(params, "_meta") {
		return out
	}
	var meta []byte
	it := newMembers(params)
	for it.next() {
		switch {
		case keyIs(it.key, "_meta"):
			meta = it.val
		case isInit && keyIs(it.key, "protocolVersion"):
			if v, ok := unquote(it.val); ok {
				out.InitVersion = v
			} else {
				out.InitVersion = ""
			}
		}
	}
	if meta == nil || isNull(meta) {
		return out
	}
	if meta[0] != '{' {
		out.Problem = "params._meta must be an object"
		return out
	}
	var claim, reserved [3][]byte
	mt := newMembers(meta)
	for mt.next() {
		switch {
		case keyIs(mt.key, protocol.MetaProtocolVersion):
			claim[0] = mt.val
		case keyIs(mt.key, metaProgressToken):
			out.Progress = ProgressKey(mt.val)
		case keyIs(mt.key, metaClientInfo):
			reserved[0] = mt.val
		case keyIs(mt.key, metaClientCapabilities):
			reserved[1] = mt.val
		case keyIs(mt.key, metaLogLevel):
			reserved[2] = mt.val
		}
	}
	if c := claim[0]; c != nil {
		out.Claimed = true
		v, ok := unquote(c)
		switch {
		case !ok:
			out.Problem = `params._meta["` + protocol.MetaProtocolVersion + `"] must be a protocol revision string`
			return out
		case v == "":
			out.Problem = `params._meta["` + protocol.MetaProtocolVersion + `"] must not be empty`
			return out
		}
		out.Claim = v
	}
	// In a fixed order, so that the refusal names the same key every time.
	for i, r := range reservedMeta {
		if v := reserved[i]; v != nil && v[0] != r.first {
			out.Problem = `params._meta["` + r.key + `"] must be ` + r.kind
			return out
		}
	}
	return out
}

var reservedMeta = [3]struct {
	key   string
	first byte // the first byte of a value of the right JSON type
	kind  string
}{
	{metaClientInfo, '{', "an object"},
	{metaClientCapabilities, '{', "an object"},
	{metaLogLevel, '"', "a string"},
}

// ProgressKey normalises a progress token so that the client's spelling of
// it and go-sdk's re-encoding in notifications/progress compare equal: ""
// for anything but a string or a number.
func ProgressKey(raw []byte) string {
	raw = trimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	if raw[0] == '"' {
		if s, ok := unquote(raw); ok {
			return "s:" + s
		}
		return ""
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return ""
	}
	return "n:" + strconv.FormatFloat(f, 'g', -1, 64)
}
