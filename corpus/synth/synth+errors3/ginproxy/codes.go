package ginproxy

// JSON-RPC 2.0 error codes used by the gateway.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcEnvelope struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      any            `json:"id"`
	Method  string         `json:"method,omitempty"`
	Params  map[string]any `json:"params,omitempty"`
	Result  any            `json:"result,omitempty"`
	Error   *rpcError      `json:"error,omitempty"`
}

func errorBody(id any, code int, msg string) rpcEnvelope {
	return rpcEnvelope{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
}
