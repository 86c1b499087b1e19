// Package good is plain net/http code mcpvet has nothing to say about.
package good

import "net/http"

// Handler answers every request with 204.
func Handler(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
}
