package edge

import (
	"bytes"
	"unicode/utf8"
)

// NameParam returns what a request names in its params, the counterpart of
// its Mcp-Name header: params.name for tools/call and prompts/get,
// params.uri for resources/read.
//
// ok is true only when the answer is certain to be go-sdk's: its transport
// decodes these params into the method's params struct (exact-case keys)
// and refuses the request when that decode fails, so every member that
// struct holds must have a type it takes. ok is false for other methods,
// params that are not an object, a key or name written with escapes or
// invalid UTF-8, a name that is not a string (null included), prompt
// arguments that are not strings, and the multi-round-trip members
// (inputResponses, requestState), which go-sdk validates further. A caller
// that gets false leaves the request to go-sdk's transport, which decides.
func NameParam(method string, params []byte) (name string, ok bool) {
	var nameKey string
	switch method {
	case "tools/call", "prompts/get":
		nameKey = "name"
	case "resources/read":
		nameKey = "uri"
	default:
		return "", false
	}
	if len(params) == 0 || params[0] != '{' {
		return "", false
	}
	it := newMembers(params)
	for it.next() {
		key := it.key[1 : len(it.key)-1]
		if bytes.IndexByte(key, '\\') >= 0 || !utf8.Valid(key) {
			return "", false
		}
		switch string(key) {
		case nameKey:
			s, plain := plainString(it.val)
			if !plain {
				return "", false
			}
			name = s
		case "_meta":
			if it.val[0] != '{' && !isNull(it.val) {
				return "", false
			}
		case "arguments":
			if method == "prompts/get" && !stringMap(it.val) {
				return "", false
			}
		case "inputResponses", "requestState":
			return "", false
		}
	}
	return name, true
}

// plainString decodes a raw JSON string that has no escapes and is valid
// UTF-8, the spelling every decoder reads alike.
func plainString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') >= 0 || !utf8.Valid(inner) {
		return "", false
	}
	return string(inner), true
}

// stringMap reports whether raw decodes into a map[string]string without
// question: null, or an object whose keys and values are plain strings.
func stringMap(raw []byte) bool {
	if isNull(raw) {
		return true
	}
	if raw[0] != '{' {
		return false
	}
	it := newMembers(raw)
	for it.next() {
		if _, ok := plainString(it.key); !ok {
			return false
		}
		if _, ok := plainString(it.val); !ok {
			return false
		}
	}
	return true
}
