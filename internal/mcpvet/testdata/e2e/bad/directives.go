// Package bad holds suppression directives that suppress nothing.
package bad

import "net/http"

func noReason(w http.ResponseWriter) {
	//mcpvet:ignore errclass
	w.WriteHeader(http.StatusBadRequest)
}

func misspelled(w http.ResponseWriter) {
	//mcpvet:ignore ignoredirectiv the fix corrects the name
	w.WriteHeader(http.StatusBadRequest)
}

func spaced(w http.ResponseWriter) {
	// mcpvet:ignore ignoredirective a space after the slashes makes this prose
	w.WriteHeader(http.StatusNotFound)
}
