package sentinels

import (
	"errors"
	"net/http"
)

var (
	ErrUpstreamUnreachable = errors.New("upstream unreachable")
	ErrNoSuchBackend       = errors.New("no such backend")
)

type relay struct {
	call func(r *http.Request, session string) error
}

// Each kind answered apart: the answer under a test of one sentinel is
// about what that sentinel's name says.
func (rl *relay) serve(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	err := rl.call(r, sid)
	switch {
	case errors.Is(err, ErrUpstreamUnreachable):
		http.Error(w, "upstream unreachable", http.StatusBadRequest) // want `answers 400 for an error from sentinels.ErrUpstreamUnreachable, a server-side failure`
		return
	case errors.Is(err, ErrNoSuchBackend):
		http.Error(w, "no such backend", http.StatusNotFound)
		return
	case err != nil:
		http.Error(w, "upstream error", http.StatusBadGateway)
		return
	}
	if err := rl.call(r, sid); err == ErrUpstreamUnreachable {
		http.Error(w, "upstream unreachable", http.StatusNotFound) // want `answers 404 for an error from sentinels.ErrUpstreamUnreachable`
		return
	}
	if err := rl.call(r, sid); errors.Is(err, ErrUpstreamUnreachable) {
		http.Error(w, "upstream unreachable", http.StatusServiceUnavailable)
		return
	}
}

func (rl *relay) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp/relay", rl.serve)
}
