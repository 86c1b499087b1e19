package statebefore

import (
	"encoding/json"
	"net/http"
)

type router struct {
	relay
	tools map[string]func() error
}

func (s *router) run(m map[string]any) error { return nil }

// A method's own failure, after the switch on the method, rides on 200.
func (s *router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	switch m["method"] {
	case "tools/call":
		if len(s.tools) == 0 {
			s.fail(w, -32603, "no tools")
			return
		}
	}
	if err := s.run(m); err != nil {
		s.fail(w, -32603, err.Error())
		return
	}
	// Handed to a method above: what follows is the method's.
	if !s.ready.Load() {
		s.fail(w, -32603, "stopped meanwhile")
		return
	}
}

// The server's state answered 500: right.
func (s *router) serveStrict(w http.ResponseWriter, r *http.Request) {
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if len(s.tools) == 0 {
		w.WriteHeader(http.StatusInternalServerError)
		json.NewEncoder(w).Encode(answer{Version: "2.0", Error: &failure{Code: -32603, Message: "Internal error"}})
		return
	}
}

// A test of what the request brought is not the server's state.
func (s *router) serveParams(w http.ResponseWriter, r *http.Request) {
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	name, _ := m["name"].(string)
	if s.tools[name] == nil {
		s.fail(w, -32603, "no such tool")
		return
	}
}

// serveTool is a tool's own JSON-RPC route beside the endpoint: the route
// is the method, and its failure rides on 200.
func (s *router) serveTool(w http.ResponseWriter, r *http.Request) {
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if len(s.tools) == 0 {
		s.fail(w, -32603, "search is not configured")
		return
	}
}

// A function the endpoint's dispatcher also calls answers for a method.
func (s *relay) dispatched(w http.ResponseWriter, r *http.Request) {
	var m any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if !s.ready.Load() {
		s.fail(w, -32603, "not started")
		return
	}
}

func (s *relay) onTool(w http.ResponseWriter, r *http.Request, name string) {
	if name == "search" {
		s.dispatched(w, r)
	}
}
