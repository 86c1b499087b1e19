package muxgw

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"

	"github.com/gorilla/mux"
)

var idPattern = regexp.MustCompile(`^[\x21-\x7e]{1,256}$`)

func sessionIDFrom(r *http.Request) string {
	return r.Header.Get("Mcp-Session-Id")
}

func validID(id string) bool { return idPattern.MatchString(id) }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		JSONRPC string    `json:"jsonrpc"`
		ID      any       `json:"id"`
		Error   *rpcError `json:"error"`
	}{"2.0", nil, &rpcError{code, msg}})
}

// isInitialize matches a POST whose body is a single initialize request. The
// body is restored for the handler.
func isInitialize(r *http.Request, _ *mux.RouteMatch) bool {
	if r.Body == nil {
		return false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
	if err != nil {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &m) == nil && m.Method == "initialize"
}
