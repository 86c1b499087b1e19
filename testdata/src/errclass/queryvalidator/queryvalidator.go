// Package queryvalidator: a validator function held in an exported struct
// field and applied to the request's own query values. Its error is the
// client's input being wrong, so 400 is right; it is not a server-side hook.
package queryvalidator

import (
	"net/http"
	"net/url"
)

type Options struct {
	// ValidateQuery checks the query of every request.
	ValidateQuery func(url.Values) error
}

type Handler struct{ Opts Options }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.Opts.ValidateQuery != nil {
		if err := h.Opts.ValidateQuery(r.URL.Query()); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
	}
	w.WriteHeader(http.StatusAccepted)
}
