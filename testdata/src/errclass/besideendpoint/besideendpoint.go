// Package besideendpoint: a gateway serves MCP's endpoint and, on the same
// mux, an admin API and an OAuth token endpoint. The protocol's table
// judges what MCP's endpoint answers: its POST handler, reached from the
// handler that reads Mcp-Session-Id, answering 400 for its database's failure
// is reported. The routes beside it answer by their own rules, and their
// 400 for a database's failure is not errclass's to judge.
package besideendpoint

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
)

type tokens interface {
	Issue(ctx context.Context, client string) (string, error)
}

type gateway struct {
	db     *sql.DB
	tokens tokens
}

func (g *gateway) routes(mux *http.ServeMux) {
	mux.Handle("/mcp", g)
	mux.HandleFunc("POST /admin/policies", g.savePolicy)
	mux.HandleFunc("POST /oauth/token", g.token)
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if r.Method == http.MethodPost {
		w.Header().Set("Mcp-Session-Id", id)
		g.post(w, r)
		return
	}
	w.Header().Set("Allow", "POST")
	w.WriteHeader(http.StatusMethodNotAllowed)
}

func (g *gateway) post(w http.ResponseWriter, r *http.Request) {
	var msg json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "body is not JSON", http.StatusBadRequest)
		return
	}
	if _, err := g.db.ExecContext(r.Context(), "insert into inbox values ($1)", string(msg)); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*sql.DB\).ExecContext, a server-side failure`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

type policy struct {
	Name  string `json:"name"`
	Allow bool   `json:"allow"`
}

// savePolicy is the admin API's: not MCP's endpoint.
func (g *gateway) savePolicy(w http.ResponseWriter, r *http.Request) {
	var p policy
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, "bad policy", http.StatusBadRequest)
		return
	}
	if _, err := g.db.ExecContext(r.Context(), "insert into policies values ($1, $2)", p.Name, p.Allow); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	out, err := json.Marshal(p)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_, _ = w.Write(out)
}

// token is the OAuth token endpoint's: it answers by RFC 6749's rules.
func (g *gateway) token(w http.ResponseWriter, r *http.Request) {
	tok, err := g.tokens.Issue(r.Context(), r.FormValue("client_id"))
	if err != nil {
		http.Error(w, `{"error":"invalid_request"}`, http.StatusBadRequest)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]string{"access_token": tok})
}
