package tablesrv

import "net/http"

type rpcCode int

const (
	parseError     rpcCode = -32700
	invalidRequest rpcCode = -32600
	methodNotFound rpcCode = -32601
	invalidParams  rpcCode = -32602
	internalError  rpcCode = -32603
	sessionMissing rpcCode = -32000
	sessionUnknown rpcCode = -32001
)

// transportStatus is the HTTP status each refusal travels with.
var transportStatus = map[rpcCode]int{
	parseError:     http.StatusBadRequest,
	invalidRequest: http.StatusBadRequest,
	invalidParams:  http.StatusBadRequest,
	methodNotFound: http.StatusNotFound,
	sessionMissing: http.StatusBadRequest,
	sessionUnknown: http.StatusNotFound,
}

var codeText = map[rpcCode]string{
	parseError:     "Parse error",
	invalidRequest: "Invalid Request",
	methodNotFound: "Method not found",
	invalidParams:  "Invalid params",
	internalError:  "Internal error",
	sessionMissing: "Bad Request: Mcp-Session-Id header is required",
	sessionUnknown: "Session not found",
}

func statusOf(c rpcCode) int {
	if s, ok := transportStatus[c]; ok {
		return s
	}
	return http.StatusBadRequest
}
