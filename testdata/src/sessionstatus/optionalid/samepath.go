package optionalid

import (
	"encoding/json"
	"net/http"
)

// dispatch judges a present id only, then serves every method on one
// path; the initialize test after it only mints the id. A tools/list
// without an id is served.
func (s *server) dispatch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`))
		return
	}
	result := s.handle(m)
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", "minted")
	}
	writeResult(w, result) // want `answers 200 to any method without Mcp-Session-Id: the check at line [0-9]+ judges only a present id`
}

// split answers an initialize in its own branch; what follows serves the
// other methods, a missing id among them.
func (s *server) split(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", "minted")
		w.WriteHeader(http.StatusOK)
		return
	}
	w.WriteHeader(http.StatusOK) // want `answers 200 to any method without Mcp-Session-Id`
}

// dual also serves the sessionless revision, whose requests carry no id
// by design; it names the revision header: silent.
func (s *server) dual(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	modern := r.Header.Get("MCP-Protocol-Version") >= "2026-07-28"
	if m.Method == "initialize" && !modern {
		w.Header().Set("Mcp-Session-Id", "minted")
	}
	w.WriteHeader(http.StatusOK)
}

func (s *server) handle(m message) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}}
}

func writeResult(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(v)
}

// found keeps what its guard found and refuses a request without it on
// the path that needs it: the nil session is the missing id. Silent.
func (s *server) found(w http.ResponseWriter, r *http.Request) {
	var sess *message
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		sess = &message{}
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "initialize":
		w.Header().Set("Mcp-Session-Id", "minted")
		w.WriteHeader(http.StatusOK)
	default:
		if sess == nil {
			http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

// listenFound reads no body (a GET) and refuses the missing id by testing
// what its check found: silent.
func (s *server) listenFound(w http.ResponseWriter, r *http.Request) {
	known := false
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		known = true
	}
	if !known {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// handedOn hands the id it let through to the dispatcher, which runs the
// method with no session when it is missing.
func (s *server) handedOn(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	result := s.handleIn(id, m) // served here
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", "minted")
	}
	writeResult(w, result) // want `answers 200 to any method without Mcp-Session-Id: the check at line [0-9]+ judges only a present id`
}

func (s *server) handleIn(id string, m message) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"session": id}}
}
