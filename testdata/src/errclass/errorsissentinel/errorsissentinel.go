// Package errorsissentinel pins mcp-go's resume shape: a store's error is
// split with errors.Is into a client fault (an unknown Last-Event-ID, 400)
// and the rest (500). The 400 answers the sentinel, not the store, so it is
// not reported; a 400 for the rest still is.
package errorsissentinel

import (
	"context"
	"errors"
	"net/http"
)

var ErrUnknownEventID = errors.New("unknown event id")

type eventStore interface {
	ReplayEventsAfter(ctx context.Context, session, lastEventID string) (string, error)
}

func resume(w http.ResponseWriter, r *http.Request, es eventStore) {
	streamID, err := es.ReplayEventsAfter(r.Context(), "s", r.Header.Get("Last-Event-ID"))
	if err != nil {
		if errors.Is(err, ErrUnknownEventID) {
			http.Error(w, "Unknown Last-Event-ID", http.StatusBadRequest)
		} else {
			http.Error(w, "Failed to resume stream", http.StatusInternalServerError)
		}
		return
	}
	_ = streamID
}

func resumeWrong(w http.ResponseWriter, r *http.Request, es eventStore) {
	_, err := es.ReplayEventsAfter(r.Context(), "s", r.Header.Get("Last-Event-ID"))
	if err != nil {
		if errors.Is(err, ErrUnknownEventID) {
			http.Error(w, "Unknown Last-Event-ID", http.StatusBadRequest)
			return
		}
		http.Error(w, "Failed to resume stream", http.StatusBadRequest) // want `answers 400 for an error from es.ReplayEventsAfter`
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func routes(mux *http.ServeMux, es eventStore) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		resumeWrong(w, r, es)
	})
}
