package learnedmiss

import (
	"errors"
	"net/http"
)

func (b *book) peek(id string) (*conv, error) {
	if id == "admin" {
		return nil, errBlocked
	}
	c, ok := b.convs[id]
	if !ok {
		return nil, errBlocked
	}
	return c, nil
}

// Right: the miss answered 404.
func (a *api) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, err := a.b.find(id); errors.Is(err, errNope) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Not judged: errBlocked is returned for a reserved id too, so it does not
// say the session is unknown.
func (a *api) peekHandler(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := a.b.peek(id)
	if errors.Is(err, errBlocked) {
		http.Error(w, "blocked", http.StatusForbidden)
		return
	}
	w.WriteHeader(http.StatusOK)
}
