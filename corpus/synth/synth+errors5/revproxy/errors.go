package revproxy

import (
	"errors"
	"fmt"
	"net/http"
)

func rpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","error":{"code":%d,"message":%q},"id":null}`, code, msg)
}

// stableError runs when the stable backend could not be reached or the
// request body could not be sent to it.
func (rt *Router) stableError(w http.ResponseWriter, r *http.Request, err error) {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		rpcError(w, http.StatusRequestEntityTooLarge, -32000, fmt.Sprintf("Request body larger than %d bytes", tooBig.Limit))
		return
	}
	rt.log.Error("revproxy: stable backend", "host", r.URL.Host, "err", err)
	rpcError(w, http.StatusBadGateway, -32603, "Bad Gateway: backend unavailable")
}

func canaryError(w http.ResponseWriter, r *http.Request, err error) {
	http.Error(w, "canary upstream error: "+err.Error(), http.StatusBadRequest)
}
