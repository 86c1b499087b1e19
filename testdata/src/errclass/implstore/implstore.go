// Package implstore: a store reached through an interface of the package
// whose implementations are in sight (this package and those it imports).
// When none of them can fail on the server's side (an in-memory
// registry's "not found", made in place), a 4xx to the call's failure
// answers the name the client gave; when one can (a database, or an error
// taken from elsewhere, such as a query builder's Error field), the 4xx
// blames the client for an outage too, as with no implementation in sight.
package implstore

import (
	"context"
	"net/http"

	"fixtures/errclass/implstore/registry"
)

type backends interface {
	Get(ctx context.Context, name string) (*registry.Backend, error)
}

type records interface {
	Lookup(ctx context.Context, name string) (*registry.Backend, error)
}

type access interface {
	Allowed(ctx context.Context, name string) (bool, error)
}

type wired interface {
	Fetch(ctx context.Context, name string) (*registry.Backend, error)
}

type gateway struct {
	mem backends
	db  records
	any wired
	acl access
}

func (g *gateway) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp/{backend}", g.serve)
}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("backend")
	if _, err := g.mem.Get(r.Context(), name); err != nil {
		http.Error(w, "no such backend", http.StatusNotFound)
		return
	}
	if _, err := g.db.Lookup(r.Context(), name); err != nil {
		http.Error(w, "no such record", http.StatusNotFound) // want `answers 404 for an error from g.db.Lookup, a server-side failure: answer 500`
		return
	}
	if _, err := g.any.Fetch(r.Context(), name); err != nil {
		http.Error(w, "no such backend", http.StatusNotFound) // want `answers 404 for an error from g.any.Fetch, a server-side failure: answer 500`
		return
	}
	if ok, err := g.acl.Allowed(r.Context(), name); err != nil || !ok {
		http.Error(w, "forbidden", http.StatusForbidden) // want `answers 403 for an error from g.acl.Allowed, a server-side failure: answer 500`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
