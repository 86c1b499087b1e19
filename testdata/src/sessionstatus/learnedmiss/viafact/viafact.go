// Package viafact tests for a store's own error, known for an unknown id
// by a fact of the store's package, not by its name.
package viafact

import (
	"errors"
	"net/http"

	"fixtures/sessionstatus/learnedmiss/ledger"
)

type api struct{ l *ledger.Ledger }

func (a *api) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := a.l.Open(id)
	if errors.Is(err, ledger.ErrAbsent) {
		http.Error(w, "absent", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return
	}
	if errors.Is(err, ledger.ErrClosed) {
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
