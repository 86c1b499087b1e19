package upstreamreply

import (
	"encoding/json"
	"net/http"
	"net/http/httputil"
	"net/url"
)

func rpcFailure(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

// newEdge's ErrorHandler calls a failed round trip a parse error.
func newEdge(target *url.URL) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) { pr.SetURL(target) },
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			rpcFailure(w, http.StatusBadRequest, -32700, "upstream error: "+err.Error()) // want `answers -32700 \(Parse error\) in a reverse proxy's ErrorHandler: its error is a failed round trip`
		},
	}
}

type edge struct{ proxy *httputil.ReverseProxy }

// failed is set as the ErrorHandler by name.
func (e *edge) failed(w http.ResponseWriter, r *http.Request, err error) {
	if err != nil {
		rpcFailure(w, http.StatusBadRequest, -32700, "bad upstream reply") // want `in a reverse proxy's ErrorHandler`
	}
}

func newNamedEdge(target *url.URL) *edge {
	e := &edge{proxy: httputil.NewSingleHostReverseProxy(target)}
	e.proxy.ErrorHandler = e.failed
	return e
}

// newGoodEdge answers a failed round trip as the gateway's failure.
func newGoodEdge(target *url.URL) *httputil.ReverseProxy {
	p := httputil.NewSingleHostReverseProxy(target)
	p.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		rpcFailure(w, http.StatusBadGateway, -32603, "upstream unavailable")
	}
	return p
}

// parseHelper is no ErrorHandler: its -32700 is judged by the other rules.
func parseHelper(w http.ResponseWriter, r *http.Request) {
	var m map[string]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		rpcFailure(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
	}
}
