// Package relay forwards MCP traffic from the edge listener to upstream
// servers. The edge hands us the request headers already flattened.
package relay

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"example.com/synth/sessions3/internal/rpcerr"
)

type Forwarder interface {
	Forward(upstream string, method string, headers map[string]string, body io.Reader) (*http.Response, error)
}

type Relay struct {
	mgr Manager
	fwd Forwarder
}

func New(mgr Manager, fwd Forwarder) *Relay { return &Relay{mgr: mgr, fwd: fwd} }

func sessionIDFrom(h map[string]string) string {
	for k, v := range h {
		if strings.EqualFold(k, "mcp-session-id") {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Handle is called by the edge for every non-initialize message.
func (rl *Relay) Handle(w http.ResponseWriter, method string, headers map[string]string, body io.Reader) {
	sid := sessionIDFrom(headers)
	if sid == "" {
		w.Header().Set("WWW-Authenticate", `MCP-Session realm="relay"`)
		rpcerr.Write(w, http.StatusUnauthorized, nil, rpcerr.CodeServer, "no session")
		return
	}
	if err := rl.mgr.Touch(sid); err != nil {
		if errors.Is(err, ErrBackendDown) {
			rpcerr.Write(w, http.StatusServiceUnavailable, nil, rpcerr.CodeInternal, "session backend unavailable")
			return
		}
		rpcerr.Write(w, http.StatusInternalServerError, nil, rpcerr.CodeInternal, err.Error())
		return
	}

	resp, err := rl.fwd.Forward(rl.mgr.Upstream(sid), method, headers, body)
	if err != nil {
		rpcerr.Write(w, http.StatusBadGateway, nil, rpcerr.CodeInternal, "upstream unavailable")
		return
	}
	defer resp.Body.Close()
	if method == http.MethodDelete && resp.StatusCode < 300 {
		rl.mgr.Forget(sid)
	}
	for k, vs := range resp.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
