// Package idsentrefused: the handler creates the session for an
// initialize and puts its id on the answer's header, then hands the
// request to the dispatcher, whose initialize can still refuse (an
// unsupported revision, params that do not decode). The refusal goes out
// with the id, but a client whose initialize failed does not keep that
// session: the protocol assigns an id only with an InitializeResult. The
// entry stays until something sweeps it.
package idsentrefused

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type session struct{ id, version string }

type manager struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func (m *manager) create() *session {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	s := &session{id: hex.EncodeToString(b)}
	m.mu.Lock()
	m.sessions[s.id] = s
	m.mu.Unlock()
	return s
}

func (m *manager) get(id string) *session {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sessions[id]
}

type server struct{ sessions *manager }

func writeError(w http.ResponseWriter, id json.RawMessage, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (s *server) dispatch(sess *session, req request) (any, error) {
	switch req.Method {
	case "initialize":
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return nil, err
		}
		if p.ProtocolVersion != "2025-11-25" {
			return nil, errors.New("unsupported protocol version")
		}
		sess.version = p.ProtocolVersion
		return map[string]any{"protocolVersion": p.ProtocolVersion}, nil
	}
	return map[string]any{}, nil
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, nil, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	var sess *session
	if req.Method == "initialize" {
		sess = s.sessions.create() // want `a session is registered in sessions and its id put on the answer before the handshake is accepted`
		w.Header().Set("Mcp-Session-Id", sess.id)
	} else {
		sess = s.sessions.get(r.Header.Get("Mcp-Session-Id"))
		if sess == nil {
			writeError(w, req.ID, http.StatusNotFound, -32001, "Session not found")
			return
		}
	}
	result, err := s.dispatch(sess, req)
	if err != nil {
		writeError(w, req.ID, http.StatusBadRequest, -32602, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func (m *manager) remove(id string) {
	m.mu.Lock()
	delete(m.sessions, id)
	m.mu.Unlock()
}

// Right: the refusal takes the entry out again.
func (s *server) postUndone(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, nil, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if req.Method != "initialize" {
		http.Error(w, "initialize only here", http.StatusBadRequest)
		return
	}
	sess := s.sessions.create()
	w.Header().Set("Mcp-Session-Id", sess.id)
	result, err := s.dispatch(sess, req)
	if err != nil {
		s.sessions.remove(sess.id)
		writeError(w, req.ID, http.StatusBadRequest, -32602, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the answer failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// Right: the handshake's own answer, written after the id through a helper
// that can write any status, is not a refusal.
func (s *server) postAnswered(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, nil, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	result, err := s.dispatch(nil, req)
	if err != nil {
		writeError(w, req.ID, http.StatusBadRequest, -32602, err.Error())
		return
	}
	sess := s.sessions.create()
	w.Header().Set("Mcp-Session-Id", sess.id)
	writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

// Right: the initialize branch answers its result and returns; the
// refusals after it are other requests' paths.
func (s *server) postReturned(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, nil, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if req.Method == "initialize" {
		sess := s.sessions.create()
		w.Header().Set("Mcp-Session-Id", sess.id)
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
		return
	}
	if s.sessions.get(r.Header.Get("Mcp-Session-Id")) == nil {
		writeError(w, req.ID, http.StatusNotFound, -32001, "Session not found")
		return
	}
}
