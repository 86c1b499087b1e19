// Package deleteunread: DELETE routes of the MCP endpoint whose handlers
// answer a success without reading Mcp-Session-Id, so a request with no id,
// with an id nobody issued, or to a server keeping no sessions, is told its
// session ended. Handlers that read the id, that answer 405, routes beside
// the endpoint, and handlers a session layer may stand in front of are
// silent.
package deleteunread

import (
	"encoding/json"
	"net/http"
	"sync"
)

// router registers handlers by method, as chi's and gin's do.
type router struct{}

func (router) Post(path string, h http.HandlerFunc)      {}
func (router) Delete(path string, h http.HandlerFunc)    {}
func (router) DELETE(path string, h ...http.HandlerFunc) {}
func (router) Use(mw ...func(http.Handler) http.Handler) {}
func authenticated(w http.ResponseWriter, r *http.Request) bool {
	return r.Header.Get("Authorization") != ""
}
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
func refuse(w http.ResponseWriter, status int, msg string) { http.Error(w, msg, status) }
func logged(next http.Handler) http.Handler                { return next }
func withSession(next http.Handler) http.Handler           { return sessionGate{next} }
func (g sessionGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.Header.Get("Mcp-Session-Id")
	g.next.ServeHTTP(w, r)
}
func (s *server) post(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, 200, map[string]any{"jsonrpc": "2.0"})
}
func (s *server) sessionOf(r *http.Request) string { return r.Header.Get("Mcp-Session-Id") }
func (s *server) handler() http.HandlerFunc        { return s.post }

type sessionGate struct{ next http.Handler }

type server struct {
	mu       sync.Mutex
	sessions map[string]bool
	sdk      http.Handler
}

const initialize = "initialize"

// An empty DELETE handler: net/http answers 200.
func (s *server) mux(m *http.ServeMux) {
	m.HandleFunc("POST /mcp", s.post)
	m.HandleFunc("DELETE /mcp", func(w http.ResponseWriter, r *http.Request) {}) // want `DELETE answered a success without reading Mcp-Session-Id`
}

// A handler of a server keeping no sessions, acknowledging every DELETE
// after checking the caller: 405 is its answer.
func (s *server) acknowledge(w http.ResponseWriter, r *http.Request) {
	if !authenticated(w, r) {
		refuse(w, http.StatusUnauthorized, "unauthorized")
		return
	}
	w.WriteHeader(http.StatusNoContent) // want `DELETE answered a success without reading Mcp-Session-Id`
}

// A router mounted under /mcp: the DELETE at the path the POST is at.
func (s *server) routes(r router) {
	r.Use(logged)
	r.Post("/", s.post)
	r.Delete("/", s.acknowledge)
}

// Silent: the handler reads the id and refuses an unknown one.
func (s *server) end(w http.ResponseWriter, r *http.Request) {
	id := s.sessionOf(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.sessions[id] {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	delete(s.sessions, id)
	w.WriteHeader(http.StatusNoContent)
}

// Silent: a server without sessions answers 405.
func (s *server) noSessions(w http.ResponseWriter, r *http.Request) {
	if !authenticated(w, r) {
		refuse(w, http.StatusUnauthorized, "unauthorized")
		return
	}
	refuse(w, http.StatusMethodNotAllowed, "sessions are not kept")
}

// Silent: a route beside the endpoint that deletes a configured server.
func (s *server) removeServer(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}

// Silent: the SDK's handler ends the session.
func (s *server) viaSDK(w http.ResponseWriter, r *http.Request) {
	s.sdk.ServeHTTP(w, r)
	w.WriteHeader(http.StatusOK)
}

// Silent: the session layer in front reads the id (and may refuse it).
func (s *server) gated(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}

// Silent: the session a middleware put in the request's context.
func (s *server) fromContext(w http.ResponseWriter, r *http.Request) {
	if r.Context().Value(ctxSession{}) == nil {
		w.WriteHeader(http.StatusOK)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type ctxSession struct{}

// Silent: the session named in the query.
func (s *server) byQuery(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	delete(s.sessions, r.URL.Query().Get("session"))
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (s *server) others(m *http.ServeMux, r, g router) {
	m.HandleFunc("DELETE /v1/mcp", s.end)
	m.HandleFunc("DELETE /v2/mcp", s.noSessions)
	m.HandleFunc("DELETE /servers/{id}", s.removeServer)
	m.HandleFunc("DELETE /v3/mcp", s.viaSDK)
	m.Handle("DELETE /v4/mcp", withSession(http.HandlerFunc(s.gated)))
	m.HandleFunc("DELETE /v5/mcp", s.fromContext)
	m.HandleFunc("DELETE /v6/mcp", s.handler())
	r.DELETE("/v7/mcp", s.gatedBy, s.gated)
	m.HandleFunc("DELETE /v8/mcp", s.byQuery)
	m.HandleFunc("DELETE /v9/mcp/{session}", s.gated)
	g.Use(withSession)
	g.Post("/", s.post)
	g.Delete("/", s.gated)
}

func (s *server) gatedBy(w http.ResponseWriter, r *http.Request) { _ = s.sessionOf(r) }
