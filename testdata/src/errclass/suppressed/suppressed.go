// Package suppressed: //mcpvet:ignore silences errclass on its line, the
// next line or a whole function, and an unused directive is reported.
package suppressed

import (
	"context"
	"net/http"
)

type store interface {
	Put(ctx context.Context, id string) error
}

func line(w http.ResponseWriter, r *http.Request, s store) {
	if err := s.Put(r.Context(), "id"); err != nil {
		//mcpvet:ignore errclass the store only rejects ids the client chose
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

//mcpvet:ignore errclass legacy endpoint kept byte-for-byte for old clients
func function(w http.ResponseWriter, r *http.Request, s store) {
	if err := s.Put(r.Context(), "id"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

func unused(w http.ResponseWriter) {
	//mcpvet:ignore errclass nothing to silence here // want `unused mcpvet:ignore directive: errclass reports nothing here`
	http.Error(w, "not found", http.StatusNotFound)
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func routes(mux *http.ServeMux, s store) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		line(w, r, s)
		function(w, r, s)
	})
}
