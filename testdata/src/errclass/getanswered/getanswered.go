// Package getanswered: GETs of the MCP endpoint answered with a document
// instead of an event stream or 405. A GET that streams, one refused, and a
// route beside the endpoint are silent.
package getanswered

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

type server struct{ name string }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "cannot read the body", http.StatusBadRequest)
		return
	}
	if !json.Valid(b) {
		writeJSON(w, http.StatusBadRequest, map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32700, "message": "Parse error"}})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{}})
}

// A description for people who open the URL in a browser.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet { // want `answers a GET of the MCP endpoint 200 with no event stream`
		json.NewEncoder(w).Encode(map[string]any{"name": s.name, "transport": "streamable-http"})
		return
	}
	s.post(w, r)
}

// Discovery data on GET, through a helper given the status.
func (s *server) discover(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet: // want `answers a GET of the MCP endpoint 200 with no event stream`
		writeJSON(w, http.StatusOK, map[string]any{"tools": []string{"search"}})
	case http.MethodPost:
		s.post(w, r)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// A GET route of its own, answering text.
func (s *server) hello(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "this is %s's MCP endpoint; POST JSON-RPC here", s.name) // want `answers a GET of the MCP endpoint 200 with no event stream`
}

// A GET handed to a function that answers it: reported where it answers.
func (s *server) delegate(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		s.describe(w)
	case http.MethodPost:
		s.post(w, r)
	}
}

func (s *server) describe(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	writeJSON(w, http.StatusOK, map[string]any{"name": s.name}) // want `answers a GET of the MCP endpoint 200 with no event stream`
}

// Silent: OAuth's metadata for the resource at /mcp.
func (s *server) metadata(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"resource": "https://example.test/mcp"})
}

// Silent: the GET opens the server's stream.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		<-r.Context().Done()
		return
	}
	s.post(w, r)
}

// Silent: the GET is refused, as a server offering no stream does.
func (s *server) refuse(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		w.Header().Set("Allow", "POST")
		http.Error(w, "no stream here", http.StatusMethodNotAllowed)
		return
	}
	s.post(w, r)
}

// Silent: a health route the same function serves beside the endpoint.
func (s *server) both(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		if r.URL.Path == "/healthz" {
			writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
			return
		}
		http.Error(w, "no stream here", http.StatusMethodNotAllowed)
	default:
		s.post(w, r)
	}
}

// Silent: a GET route beside the endpoint.
func (s *server) status(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *server) routes(m *http.ServeMux) {
	m.Handle("/mcp", s)
	m.HandleFunc("/v2/mcp", s.discover)
	m.HandleFunc("GET /v3/mcp", s.hello)
	m.HandleFunc("POST /v3/mcp", s.post)
	m.HandleFunc("/v4/mcp", s.stream)
	m.HandleFunc("/v5/mcp", s.refuse)
	m.HandleFunc("/v6/mcp", s.both)
	m.HandleFunc("GET /status", s.status)
	m.HandleFunc("/v7/mcp", s.delegate)
	m.HandleFunc("GET /.well-known/oauth-protected-resource/mcp", s.metadata)
}
