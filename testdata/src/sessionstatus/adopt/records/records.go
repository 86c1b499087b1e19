// Package records: a handler whose store (another package) keeps session
// records, on a miss of the request's id, saves a record built with that
// id: an id nobody minted becomes a session, where the protocol answers an
// unknown id 404 and the client starts again with an initialize.
package records

import (
	"errors"
	"log"
	"net/http"

	"fixtures/sessionstatus/adopt/records/store"
)

type handler struct {
	sessions *store.Memory
	backup   interface {
		Fetch(id string) (string, error)
	}
}

func mint() string { return "minted" }

// restore picks a lost session back up under the client's id.
func (h *handler) restore(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	rec, ok := h.sessions.Load(sid)
	if !ok {
		log.Printf("restoring session %s", sid)
		rec = &store.Record{ID: sid, Version: "2025-06-18"}
		h.sessions.Save(rec) // want `creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id`
	}
	_ = rec
	w.WriteHeader(http.StatusOK)
}

// refuse answers the miss 404: silent.
func (h *handler) refuse(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := h.sessions.Load(sid); !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
}

var errGone = errors.New("gone")

// resume reloads a session another node wrote, known by the backup under
// the client's id, and answers 404 when the backup has none: silent.
func (h *handler) resume(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	rec, ok := h.sessions.Load(sid)
	if !ok {
		version, err := h.backup.Fetch(sid)
		if err != nil {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		rec = &store.Record{ID: sid, Version: version}
		h.sessions.Save(rec)
	}
	_ = rec
	w.WriteHeader(http.StatusOK)
}

// open saves a record under an id it mints: silent.
func (h *handler) open(w http.ResponseWriter, r *http.Request) {
	id := mint()
	h.sessions.Save(&store.Record{ID: id})
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}
