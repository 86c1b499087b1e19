package served

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// A test handler serving any id is not the server's answer.
func TestServe(t *testing.T) {
	s := &server{sessions: map[string]*session{}}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if sess, ok := s.sessions[id]; ok {
			sess.hits++
		}
		w.WriteHeader(http.StatusOK)
	})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/", nil))
}
