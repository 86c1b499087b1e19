// Package gosdklookupsession pins go-sdk's StreamableHTTPHandler shape: the
// header's value is passed to a lookup helper, which answers an unknown id
// 404 and a session of another user 403; a missing id is 400. Correct, so
// silent; and the helper is followed through its parameter.
package gosdklookupsession

import (
	"net/http"
	"sync"
)

const sessionIDHeader = "Mcp-Session-Id"

type sessionInfo struct{ userID string }

type handler struct {
	mu       sync.Mutex
	sessions map[string]*sessionInfo
}

func (h *handler) lookupSession(w http.ResponseWriter, req *http.Request, sessionID string) (info *sessionInfo, ok bool) {
	h.mu.Lock()
	info = h.sessions[sessionID]
	h.mu.Unlock()
	if info == nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return nil, false
	}
	if info.userID != req.Header.Get("X-User") {
		http.Error(w, "session user mismatch", http.StatusForbidden)
		return nil, false
	}
	return info, true
}

func (h *handler) serveGET(w http.ResponseWriter, req *http.Request) {
	sessionID := req.Header.Get(sessionIDHeader)
	if sessionID == "" {
		http.Error(w, "Bad Request: GET requires an Mcp-Session-Id header", http.StatusBadRequest)
		return
	}
	if _, ok := h.lookupSession(w, req, sessionID); !ok {
		return
	}
}
