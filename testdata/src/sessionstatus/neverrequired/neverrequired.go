// Package neverrequired: handlers that answer initialize in a branch of
// their own and then serve every other message, whatever Mcp-Session-Id it
// carries.
package neverrequired

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"sync"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type session struct{ id string }

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
	// onMessage is set by the embedding program; what it writes is not
	// seen here.
	onMessage func(http.ResponseWriter, message)
	// next serves what this package hands on.
	next http.Handler
}

type ctxKey struct{}

func mint() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *server) open(w http.ResponseWriter) {
	id := mint()
	s.mu.Lock()
	s.sessions[id] = &session{id: id}
	s.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

func (s *server) dispatch(ctx context.Context, m message) any { return map[string]any{"id": m.ID} }

// post puts the id in the context and dispatches: nothing it does
// refuses, so no id and an unknown one are served.
func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	ctx := r.Context()
	if id := r.Header.Get("Mcp-Session-Id"); id != "" { // want `serves every request past its initialize branch \(line [0-9]+\) whatever its Mcp-Session-Id`
		ctx = context.WithValue(ctx, ctxKey{}, id)
	}
	resp := s.dispatch(ctx, m)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

// blind never reads the id at all past its initialize branch.
func (s *server) blind(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	_ = r.Header.Get("Mcp-Session-Id")
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	json.NewEncoder(w).Encode(s.dispatch(r.Context(), m)) // want `serves every request past its initialize branch`
}

// checked refuses a missing and an unknown id past the branch: silent.
func (s *server) checked(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
}

// require reads the id itself and answers the refusals.
func (s *server) require(w http.ResponseWriter, r *http.Request) bool {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return false
	}
	return true
}

// guarded hands its request to a helper that reads the id first: the
// helper may refuse it, silent.
func (s *server) guarded(w http.ResponseWriter, r *http.Request) {
	if !s.authorize(w, r) {
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	_ = r.Header.Get("Mcp-Session-Id")
	json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
}

func (s *server) authorize(w http.ResponseWriter, r *http.Request) bool {
	return s.require(w, r)
}

// streamed hands the writer to a function of its own past the branch,
// which writes a refusal of its own: silent.
func (s *server) streamed(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	_ = r.Header.Get("Mcp-Session-Id")
	s.stream(w, r, m)
}

func (s *server) stream(w http.ResponseWriter, r *http.Request, m message) {
	if s.sessions[r.URL.Query().Get("session")] == nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// hooked hands the writer to a function value past the branch: what it
// writes is not seen, silent.
func (s *server) hooked(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	_ = r.Header.Get("Mcp-Session-Id")
	s.onMessage(w, m)
	json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
}

// modern names the sessionless revision, whose requests carry no id:
// silent.
func (s *server) modern(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	if r.Header.Get("MCP-Protocol-Version") == "2026-07-28" {
		_ = r.Header.Get("Mcp-Session-Id")
	}
	json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
}

// end answers a missing id 400: the package requires ids.
func (s *server) end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	delete(s.sessions, id)
	w.WriteHeader(http.StatusNoContent)
}

// switched answers initialize in a case of its own; the other cases serve
// whatever id the request carries.
func (s *server) switched(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "initialize":
		s.open(w)
		return
	case "notifications/initialized":
		w.WriteHeader(http.StatusAccepted) // want `serves every request past its initialize branch \(line [0-9]+\) whatever its Mcp-Session-Id`
	default:
		json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
	}
}

// switchedChecked refuses an unknown id in the other cases: silent.
func (s *server) switchedChecked(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "initialize":
		s.open(w)
	default:
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		_, ok := s.sessions[id]
		s.mu.Unlock()
		if !ok {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
	}
}

// handedUp returns its refusals to a caller that answers them: silent.
func (s *server) handedUp(w http.ResponseWriter, r *http.Request) error {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		return err
	}
	if m.Method == "initialize" {
		s.open(w)
		return nil
	}
	_ = r.Header.Get("Mcp-Session-Id")
	return json.NewEncoder(w).Encode(s.dispatch(r.Context(), m))
}

// afterDispatch tells an initialize apart only to mint its id after
// dispatching it; it never reads a request's id, so every other message is
// served whatever it carries.
func (s *server) afterDispatch(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	log.Printf("message %s for session %q", m.Method, r.Header.Get("Mcp-Session-Id"))
	resp := s.dispatch(r.Context(), m)
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", mint())
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK) // want `answers 200 to messages other than initialize and never reads their Mcp-Session-Id`
	json.NewEncoder(w).Encode(resp)
}

// afterDispatchTested refuses a missing id to every other message: silent.
func (s *server) afterDispatchTested(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if r.Header.Get("Mcp-Session-Id") == "" && m.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	resp := s.dispatch(r.Context(), m)
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", mint())
	}
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(resp)
}

// afterDispatchHanded gives the id to a function of its own: silent.
func (s *server) afterDispatchHanded(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	resp := s.dispatchFor(r.Header.Get("Mcp-Session-Id"), m)
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", mint())
	}
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(resp)
}

func (s *server) dispatchFor(id string, m message) any {
	return map[string]any{"id": m.ID, "session": id}
}

// legacyMessage is the HTTP+SSE transport's message endpoint: its session
// is named in the URL, silent.
func (s *server) legacyMessage(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	_ = r.URL.Query().Get("sessionId")
	resp := s.dispatch(r.Context(), m)
	if m.Method == "initialize" {
		log.Printf("initialize over the legacy transport")
	}
	w.WriteHeader(http.StatusAccepted)
	json.NewEncoder(w).Encode(resp)
}

// onlyInitialize answers 200 only to an initialize and refuses every other
// message: silent.
func (s *server) onlyInitialize(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", mint())
		w.WriteHeader(http.StatusOK)
	} else {
		http.Error(w, "only initialize is served here", http.StatusMethodNotAllowed)
	}
}

// handedOn passes the request to the next handler past the branch, which
// may refuse it: silent.
func (s *server) handedOn(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	s.next.ServeHTTP(w, r)
}

type call struct {
	session string
	m       message
}

func (s *server) run(c call) (any, error) {
	if _, ok := s.sessions[c.session]; !ok {
		return nil, errUnknown
	}
	return s.dispatch(context.Background(), c.m), nil
}

var errUnknown = errors.New("unknown session")

// fieldCarried stores the id in a field of what it dispatches, whose error
// it answers 404: silent.
func (s *server) fieldCarried(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	var c call
	c.m = m
	c.session = r.Header.Get("Mcp-Session-Id")
	resp, err := s.run(c)
	if err != nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", mint())
	}
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(resp)
}
