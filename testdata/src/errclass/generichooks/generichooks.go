// Package generichooks pins that generic code is traced (SSA builds generic
// bodies with their type parameters) without tripping over field types
// that are not plain structs.
package generichooks

import "net/http"

type hooks[T any] struct {
	Gen func() (T, error)
}

func serve[T any](w http.ResponseWriter, h *hooks[T]) {
	if _, err := h.Gen(); err != nil {
		http.Error(w, "bad", http.StatusBadRequest) // want `answers 400 for an error from h.Gen`
	}
}

type getter interface{ Get() (string, error) }

func viaTypeParam[G getter](w http.ResponseWriter, g G) {
	if _, err := g.Get(); err != nil {
		http.Error(w, "bad", http.StatusBadRequest)
	}
}

// routes serves serve at MCP's endpoint, where the protocol's table says
// what it answers.
func routes[T any](mux *http.ServeMux, h *hooks[T]) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) { serve(w, h) })
}
