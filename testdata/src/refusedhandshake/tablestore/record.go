package tablestore

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
)

// RecordStore keeps a session record whose id is a field of the record.
type RecordStore interface {
	Get(ctx context.Context, id string) (*Session, error)
	Create(ctx context.Context, s *Session) error
}

// Records registers the record before the initialize's params are read,
// and leaks it on their refusal as Server does. Not reported: the key is
// the record's field, not an argument (a limit the doc names).
type Records struct {
	store RecordStore
}

func (s *Records) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil {
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}
