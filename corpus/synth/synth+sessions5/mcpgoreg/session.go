package main

import (
	"errors"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
)

// httpSession is the mcp-go ClientSession for one Streamable HTTP client.
type httpSession struct {
	id     string
	ready  atomic.Bool
	notify chan mcp.JSONRPCNotification
}

func (s *httpSession) SessionID() string                                   { return s.id }
func (s *httpSession) Initialize()                                         { s.ready.Store(true) }
func (s *httpSession) Initialized() bool                                   { return s.ready.Load() }
func (s *httpSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.notify }

var (
	errNoSessionHeader = errors.New("no Mcp-Session-Id header")
	errUnknownSession  = errors.New("unknown session")
)

type sessionIndex struct {
	mu sync.RWMutex
	m  map[string]*httpSession
}

func (x *sessionIndex) put(s *httpSession) {
	x.mu.Lock()
	x.m[s.id] = s
	x.mu.Unlock()
}

func (x *sessionIndex) take(id string) (*httpSession, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	s, ok := x.m[id]
	delete(x.m, id)
	return s, ok
}

// fromRequest resolves the session named by the request's header.
func (x *sessionIndex) fromRequest(r *http.Request) (*httpSession, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, errNoSessionHeader
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	s, ok := x.m[id]
	if !ok {
		return nil, errUnknownSession
	}
	return s, nil
}
