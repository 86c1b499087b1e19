// Package respond writes JSON values with the status its caller gives,
// falling back to a 500 only when encoding the value fails.
package respond

import (
	"encoding/json"
	"net/http"
)

// JSON writes v with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		http.Error(w, "encoding failed", http.StatusInternalServerError)
	}
}
