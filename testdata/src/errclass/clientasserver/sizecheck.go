package clientasserver

import (
	"io"
	"net/http"
)

const maxBody = 1 << 20

// capped reads one byte past its limit to tell an oversized body, then
// answers it 400.
func capped(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxBody {
		http.Error(w, "too large", http.StatusBadRequest) // want `answers 400 to a body over its size limit: answer 413`
		return
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	if len(raw) > maxBody {
		http.Error(w, "too large", http.StatusBadRequest) // want `answers 400 to a body over its size limit: answer 413`
		return
	}
	if len(raw) > 0 && raw[0] == '[' {
		http.Error(w, "batches are not served", http.StatusBadRequest)
		return
	}
}
