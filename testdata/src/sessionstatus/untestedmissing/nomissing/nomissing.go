// Package nomissing looks ids up untested and never answers a missing id
// at all: nothing in it tells a missing id from an unknown one, so the 404
// is not judged (the check needs the package's own 400 as its evidence).
package nomissing

import "net/http"

type server struct{ live map[string]bool }

func (s *server) get(w http.ResponseWriter, r *http.Request) {
	if !s.live[r.Header.Get("Mcp-Session-Id")] {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}
