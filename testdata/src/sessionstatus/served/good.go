package served

import (
	"encoding/json"
	"net/http"
)

// Right: a miss is answered 404.
func (s *server) postChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.mu.RLock()
	sess, ok := s.sessions[id]
	s.mu.RUnlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	sess.hits++
	w.WriteHeader(http.StatusAccepted)
}

// Right: an else that refuses is the miss answered.
func (s *server) postElse(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if sess, ok := s.sessions[id]; ok {
		sess.hits++
	} else {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: a miss re-initializes only when the request is an initialize.
func (s *server) postReinit(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	sess, ok := s.sessions[id]
	if !ok {
		if msg.Method != "initialize" {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		s.initialize(w, r)
		return
	}
	sess.hits++
	w.WriteHeader(http.StatusAccepted)
}

// Right: a later check of the id refuses the unknown one.
func (s *server) postLaterCheck(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if sess, ok := s.sessions[id]; ok {
		sess.hits++
	}
	if _, ok := s.live.Load(id); !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: the missing id is minted only for an initialize, refused
// otherwise, and an unknown one is answered 404.
func (s *server) postMintInit(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	_ = json.NewDecoder(r.Body).Decode(&msg)
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && msg.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if id == "" {
		id = newID()
		s.sessions[id] = &session{}
		w.Header().Set("Mcp-Session-Id", id)
	}
	sess, ok := s.sessions[id]
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	sess.hits++
	w.WriteHeader(http.StatusOK)
}

// Right: an initialize flag decides before the lookup's miss is served;
// the miss of a non-initialize is refused by the flag's test.
func (s *server) postFlag(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	_ = json.NewDecoder(r.Body).Decode(&msg)
	isInit := msg.Method == "initialize"
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		id = newID()
	}
	_, known := s.sessions[id]
	if !known && !isInit {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// Right: a helper given an id by its caller (who may have checked it).
func (s *server) bump(w http.ResponseWriter, id string) {
	if sess, ok := s.sessions[id]; ok {
		sess.hits++
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: the table is keyed by something else than the session id.
func (s *server) byName(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if sess, ok := s.sessions[name]; ok {
		sess.hits++
	}
	w.WriteHeader(http.StatusOK)
}
