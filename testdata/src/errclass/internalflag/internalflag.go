// Package internalflag: -errclass.internal names a concrete store method
// errclass cannot recognise by shape (no context, not an interface).
package internalflag

import "net/http"

type tenants struct{ byHost map[string]string }

func (t *tenants) Lookup(host string) (string, error) { return t.byHost[host], nil }

func serve(w http.ResponseWriter, r *http.Request, t *tenants) {
	if _, err := t.Lookup(r.Host); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest) // want `answers 400 for an error from \(\*internalflag.tenants\).Lookup`
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func routes(mux *http.ServeMux, t *tenants) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		serve(w, r, t)
	})
}
