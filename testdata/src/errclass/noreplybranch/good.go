package noreplybranch

import (
	"encoding/json"
	"io"
	"net/http"
)

type strictGateway struct{ g gateway }

// The status is set before the reply goes out: 400 with the code.
func (s *strictGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if !json.Valid(raw) {
		w.WriteHeader(http.StatusBadRequest)
		s.g.emit(w, faultReply(nil, -32700, "Parse error"))
		return
	}
	var m message
	if err := json.Unmarshal(raw, &m); err != nil || m.Version != "2.0" {
		w.WriteHeader(http.StatusBadRequest)
		s.g.emit(w, faultReply(nil, -32600, "Invalid Request"))
		return
	}
	if m.ID == nil {
		// A notification: the empty reply, 204 from emit's first branch.
		s.g.emit(w, reply{})
		return
	}
	s.g.emit(w, reply{Version: "2.0", ID: m.ID, Result: map[string]any{}})
}
