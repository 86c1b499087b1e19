// Package ordisjunct: a store's failure folded into a refusal by a
// disjunction (err != nil || !ok), answered as the client's fault.
package ordisjunct

import (
	"context"
	"database/sql"
	"net/http"
)

type api struct{ db *sql.DB }

func (a *api) member(ctx context.Context, user string) (bool, error) {
	var n int
	if err := a.db.QueryRowContext(ctx, "select count(*) from members where name = $1", user).Scan(&n); err != nil {
		return false, err
	}
	return n > 0, nil
}

func (a *api) serve(w http.ResponseWriter, r *http.Request) {
	user := r.Header.Get("X-User")
	if ok, err := a.member(r.Context(), user); err != nil || !ok {
		http.Error(w, "not a member", http.StatusBadRequest) // want `answers 400 for an error from`
		return
	}
}

// split tells the store's failure apart first.
func (a *api) split(w http.ResponseWriter, r *http.Request) {
	user := r.Header.Get("X-User")
	ok, err := a.member(r.Context(), user)
	if err != nil {
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	if !ok {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (a *api) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", a.serve)
}
