// Package eventreplayiterator pins a deliberate false negative: go-sdk
// answers an event store's replay failure 400 (so that a client does not
// read a 404 as "session gone"), and the error arrives as a range-over-func
// variable, which errclass does not trace. Silence here is intended.
package eventreplayiterator

import (
	"context"
	"iter"
	"net/http"
)

type eventStore interface {
	After(ctx context.Context, session, stream string, index int) iter.Seq2[[]byte, error]
}

func replay(w http.ResponseWriter, r *http.Request, es eventStore) {
	for data, err := range es.After(r.Context(), "s", "", 0) {
		if err != nil {
			http.Error(w, "failed to replay events", http.StatusBadRequest)
			return
		}
		w.Write(data)
	}
}
