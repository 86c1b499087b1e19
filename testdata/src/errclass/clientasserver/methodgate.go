package clientasserver

import "net/http"

// gate refuses what is not a POST with the server-failure code in a 200
// body; the method is the client's choice.
func gate(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		rpcError(w, http.StatusOK, -32603, "method not allowed") // want `answers -32603 \(Internal error\) to a request whose HTTP method the endpoint does not serve`
		return
	}
	if http.MethodPost != r.Method {
		w.Header().Set("Allow", "POST")
		rpcError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed")
		return
	}
}
