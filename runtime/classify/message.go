package classify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Reserved params._meta keys of the 2026-07-28 per-request envelope
// (SEP-2575) besides the claim itself, and the JSON type each must have.
const (
	metaClientInfo         = "io.modelcontextprotocol/clientInfo"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaLogLevel           = "io.modelcontextprotocol/logLevel"
)

// message is one decoded JSON-RPC message and the parts the rules read.
type message struct {
	msg    jsonrpc.Message
	req    *jsonrpc.Request // nil for a response
	params json.RawMessage
}

func (m message) isResponse() bool { return m.req == nil }

var (
	errNotMessage = errors.New("not a JSON-RPC 2.0 message")
	errNotJSON    = errors.New("not JSON")
)

// decodeMessage decodes one JSON-RPC message into go-sdk's types with the
// same reading as [jsonrpc.DecodeMessage] (exact-case keys; a null or absent
// id makes a notification; a number id is read as a float64 and truncated)
// plus the checks it leaves out, so that neither leg is handed something it
// would misread: "method" must be a JSON string (go-sdk reads null as ""),
// and a response needs exactly one of "result" and an "error" object. Bytes
// that are not JSON fail with errNotJSON.
//
// It decodes with encoding/json instead of calling jsonrpc.DecodeMessage:
// the classifier needs the raw fields anyway, and go-sdk's decoder allocates
// a large buffer per call, which dominated the classifier's cost.
func decodeMessage(raw []byte) (message, error) {
	raw = trimJSONSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return message{}, errNotMessage
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		// Unmarshal checks the whole input before decoding, and a JSON
		// object always fits the map: the only failure is bad syntax.
		return message{}, fmt.Errorf("%w: %w", errNotJSON, err)
	}
	var version string
	if json.Unmarshal(fields["jsonrpc"], &version) != nil || version != "2.0" {
		return message{}, errNotMessage
	}
	id, err := decodeID(fields["id"])
	if err != nil {
		return message{}, err
	}
	if methodRaw, ok := fields["method"]; ok {
		var method string
		if len(methodRaw) == 0 || methodRaw[0] != '"' || json.Unmarshal(methodRaw, &method) != nil {
			return message{}, errNotMessage
		}
		req := &jsonrpc.Request{ID: id, Method: method, Params: fields["params"]}
		return message{msg: req, req: req, params: req.Params}, nil
	}
	if !id.IsValid() {
		return message{}, errNotMessage
	}
	result, hasResult := fields["result"]
	errRaw, hasError := fields["error"]
	hasError = hasError && !isNull(errRaw)
	if hasResult == hasError {
		return message{}, errNotMessage
	}
	resp := &jsonrpc.Response{ID: id, Result: result}
	if hasError {
		wire, err := decodeWireError(errRaw)
		if err != nil {
			return message{}, err
		}
		resp.Error, resp.Result = wire, nil
	}
	return message{msg: resp}, nil
}

// decodeWireError reads a response's error object with exact-case keys, as
// go-sdk does; a struct would let encoding/json match "Code" to code.
func decodeWireError(raw json.RawMessage) (*jsonrpc.Error, error) {
	var f map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &f) != nil {
		return nil, errNotMessage
	}
	var wire jsonrpc.Error
	if c, ok := f["code"]; ok && json.Unmarshal(c, &wire.Code) != nil {
		return nil, errNotMessage
	}
	if m, ok := f["message"]; ok && json.Unmarshal(m, &wire.Message) != nil {
		return nil, errNotMessage
	}
	wire.Data = f["data"]
	return &wire, nil
}

// decodeID reads a JSON-RPC id as go-sdk does: absent or null is no id, a
// string or a number is an id, anything else is an error.
func decodeID(raw json.RawMessage) (jsonrpc.ID, error) {
	if len(raw) == 0 || isNull(raw) {
		return jsonrpc.ID{}, nil
	}
	var v any
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return jsonrpc.ID{}, err
		}
		v = s
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var f float64
		if err := json.Unmarshal(raw, &f); err != nil {
			return jsonrpc.ID{}, err
		}
		v = f
	default:
		return jsonrpc.ID{}, errNotMessage
	}
	return jsonrpc.MakeID(v)
}

// envelope is what params._meta says about the message's era.
type envelope struct {
	// claimed: _meta is an object holding the protocol-version key.
	claimed bool
	// version is the claim when it is a string.
	version string
	// problem is set when the envelope is malformed: a claim that is not a
	// non-empty string, a reserved key of the wrong type, or a _meta that is
	// not an object. It is the -32602 message.
	problem string
}

// inspectEnvelope reads params._meta. Params that are absent, null or not an
// object, and a null _meta, carry no envelope: that is how go-sdk reads them
// too, so the classifier never sees a claim the serving leg cannot.
func inspectEnvelope(params json.RawMessage) envelope {
	params = trimJSONSpace(params)
	if len(params) == 0 || params[0] != '{' {
		return envelope{}
	}
	var p map[string]json.RawMessage
	if err := json.Unmarshal(params, &p); err != nil {
		return envelope{}
	}
	metaRaw := trimJSONSpace(p["_meta"])
	if len(metaRaw) == 0 || isNull(metaRaw) {
		return envelope{}
	}
	if metaRaw[0] != '{' {
		return envelope{problem: "params._meta must be an object"}
	}
	var meta map[string]json.RawMessage
	if err := json.Unmarshal(metaRaw, &meta); err != nil {
		return envelope{problem: "params._meta must be an object"}
	}
	var env envelope
	if claim, ok := meta[protocol.MetaProtocolVersion]; ok {
		env.claimed = true
		if isNull(claim) || json.Unmarshal(claim, &env.version) != nil {
			env.problem = "params._meta[\"" + protocol.MetaProtocolVersion + "\"] must be a protocol revision string"
			return env
		}
		if env.version == "" {
			env.problem = "params._meta[\"" + protocol.MetaProtocolVersion + "\"] must not be empty"
			return env
		}
	}
	for _, r := range reservedMeta {
		v, ok := meta[r.key]
		if !ok {
			continue
		}
		if v = trimJSONSpace(v); len(v) == 0 || v[0] != r.first {
			env.problem = "params._meta[\"" + r.key + "\"] must be " + r.kind
			return env
		}
	}
	return env
}

// reservedMeta are the envelope keys checked for their JSON type, in a fixed
// order so that the refusal names the same key every time.
var reservedMeta = []struct {
	key   string
	first byte // the first byte of a value of the right type
	kind  string
}{
	{metaClientInfo, '{', "an object"},
	{metaClientCapabilities, '{', "an object"},
	{metaLogLevel, '"', "a string"},
}

// initializeVersion is an initialize request's params.protocolVersion, or "".
func initializeVersion(params json.RawMessage) string {
	// A map, not a struct: encoding/json matches struct fields without regard
	// to case, go-sdk does not.
	var p map[string]json.RawMessage
	var v string
	if json.Unmarshal(params, &p) != nil || json.Unmarshal(p["protocolVersion"], &v) != nil {
		return ""
	}
	return v
}

func isNull(raw json.RawMessage) bool {
	return string(trimJSONSpace(raw)) == "null"
}

// trimJSONSpace removes the whitespace JSON allows around a value (RFC 8259
// §2): bytes.TrimSpace would also drop Unicode spaces such as U+00A0, and
// the classifier would accept a body go-sdk's decoder refuses.
func trimJSONSpace(b []byte) []byte { return bytes.Trim(b, " \t\r\n") }
