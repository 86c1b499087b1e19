package p

import "net/http"

func handler(w http.ResponseWriter) {
	//mcpvet:ignore refusedhandshak the probe endpoint is long-lived // want `unknown analyzer "refusedhandshak".*did you mean "refusedhandshake"\?`
	w.WriteHeader(http.StatusNoContent)
}
