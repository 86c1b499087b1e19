package jsoniterdispatch

import "net/http"

// statusOf maps the JSON-RPC codes we emit to an HTTP status. Codes not
// listed are method-level errors and travel in a 200.
var statusOf = map[int]int{
	-32600: http.StatusBadRequest,
	-32601: http.StatusNotFound,
	-32602: http.StatusBadRequest,
	-32603: http.StatusInternalServerError,
}

func httpStatus(code int) int {
	if s, ok := statusOf[code]; ok {
		return s
	}
	return http.StatusOK
}
