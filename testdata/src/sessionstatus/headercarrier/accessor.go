package headercarrier

import (
	"net/http"

	"fixtures/sessionstatus/headercarrier/hdr"
)

// viaAccessor reads the id through another package's header accessor.
func (f *filter) viaAccessor(w http.ResponseWriter, h hdr.Headers) {
	id := h.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := f.sessions[id]; !ok {
		http.Error(w, "invalid session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// The accessor's own key, lower-cased for a lookup, is a name, not an id.
func (f *filter) keyName(w http.ResponseWriter, h hdr.Headers) {
	key := hdr.Canonical("Mcp-Session-Id")
	if _, ok := f.sessions[key]; !ok {
		http.Error(w, "no entry", http.StatusUnauthorized)
		return
	}
}
