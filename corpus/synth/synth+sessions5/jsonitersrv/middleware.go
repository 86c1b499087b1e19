package main

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"time"
)

func newID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// withSession attaches the caller's session to the context. Callers
// without a session id are starting one, so a session is created for them
// and its id is returned in the response header.
func (r *registry) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		id := req.Header.Get("Mcp-Session-Id")
		if id == "" {
			s := &calSession{id: newID(), created: time.Now()}
			r.Lock()
			r.items[s.id] = s
			r.Unlock()
			w.Header().Set("Mcp-Session-Id", s.id)
			next.ServeHTTP(w, withValue(req, s))
			return
		}
		r.RLock()
		s, ok := r.items[id]
		r.RUnlock()
		if !ok {
			writeRPCError(w, http.StatusNotFound, -32001, "Session not found", nil)
			return
		}
		next.ServeHTTP(w, withValue(req, s))
	})
}
