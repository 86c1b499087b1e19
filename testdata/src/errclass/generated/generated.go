// Package generated answers the errors of generated code: a generated
// store's failure answered 400 is reported, through the fact errclass
// records for a generated function that takes a context; the error of a
// generated function that takes none is not placed (a known limit: see
// bodies in analyzers/errclass).
package generated

import (
	"io"
	"net/http"

	"fixtures/errclass/generated/gen"
)

func handle(q *gen.Queries, w http.ResponseWriter, r *http.Request) {
	id, err := q.GetSession(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*gen.Queries\).GetSession, a server-side failure`
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20)) // want `reads the body through io.LimitReader and never tests its length`
	var rec gen.Record
	if err := rec.Unmarshal(body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Write([]byte(id + rec.ID))
}
