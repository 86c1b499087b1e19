// Package revproxy routes /mcp/{server} to one of several backend MCP
// servers with net/http/httputil.
package revproxy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"example.com/synth/errors/internal/rpcerr"
)

var errUpstreamNotJSON = errors.New("revproxy: upstream answered with a non-JSON content type")

type Router struct {
	backends map[string]*httputil.ReverseProxy
	log      *slog.Logger
}

func NewRouter(targets map[string]string, log *slog.Logger) (*Router, error) {
	rt := &Router{backends: map[string]*httputil.ReverseProxy{}, log: log}
	for name, raw := range targets {
		u, err := url.Parse(raw)
		if err != nil {
			return nil, fmt.Errorf("backend %s: %w", name, err)
		}
		rt.backends[name] = rt.newProxy(name, u)
	}
	return rt, nil
}

func (rt *Router) newProxy(name string, target *url.URL) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.URL.Path = target.Path
			pr.SetXForwarded()
		},
		FlushInterval: -1,
		ModifyResponse: func(resp *http.Response) error {
			if resp.StatusCode == http.StatusAccepted || resp.StatusCode == http.StatusNoContent {
				return nil
			}
			mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
			if mt != "application/json" && mt != "text/event-stream" {
				return errUpstreamNotJSON
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			rt.log.Warn("backend failed", "backend", name, "err", err)
			switch {
			case errors.Is(err, context.Canceled):
				return
			case errors.Is(err, errUpstreamNotJSON):
				rpcerr.Write(w, nil, rpcerr.Parse("backend "+name+" did not answer with JSON"))
			default:
				rpcerr.Write(w, nil, rpcerr.Upstream(err))
			}
		},
	}
}

func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.Trim(strings.TrimPrefix(r.URL.Path, "/mcp/"), "/")
	p, ok := rt.backends[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	p.ServeHTTP(w, r)
}
