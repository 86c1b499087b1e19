// Package wire parses JSON-RPC messages and hands its refusals back as
// error values carrying their codes; it answers no HTTP itself. A message
// that decoded (its members were read) and names neither method nor id is
// JSON, just not JSON-RPC: -32600, not -32700.
package wire

import "encoding/json"

const (
	codeParse   = -32700
	codeInvalid = -32600
)

// RPCError is a JSON-RPC error object a caller sends back as it is.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (f *RPCError) Error() string { return f.Message }

func parseError(msg string) *RPCError   { return &RPCError{Code: codeParse, Message: msg} }
func invalidError(msg string) *RPCError { return &RPCError{Code: codeInvalid, Message: msg} }

// Call is a request or a notification.
type Call struct {
	Method string          `json:"method"`
	ID     json.RawMessage `json:"id,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
}

// Parse reads one message.
func Parse(data []byte) (*Call, error) { // want Parse:"returns refusal -32700 \\(result 1\\)"
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, parseError(err.Error())
	}
	_, hasMethod := fields["method"]
	_, hasID := fields["id"]
	switch {
	case hasMethod:
		var c Call
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, invalidError(err.Error())
		}
		return &c, nil
	case hasID:
		return nil, invalidError("a response where a call was expected")
	default:
		return nil, parseError("neither method nor id") // want `answers -32700 \(Parse error\) to JSON that decoded but is not a valid request: answer -32600`
	}
}

// ParseStrict reads one message and refuses any other jsonrpc than 2.0.
func ParseStrict(data []byte) (*Call, error) { // want ParseStrict:"returns refusal -32700 \\(result 1\\)"
	var env struct {
		JSONRPC string `json:"jsonrpc"`
		Call
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return nil, &RPCError{Code: codeParse, Message: "not JSON"}
	}
	if env.JSONRPC != "2.0" {
		return nil, &RPCError{Code: codeParse, Message: "jsonrpc must be 2.0"} // want `answers -32700 \(Parse error\) to JSON that decoded but is not a valid request: answer -32600`
	}
	return &env.Call, nil
}
