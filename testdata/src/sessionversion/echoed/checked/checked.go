// Package checked answers the proposal only after testing it against the
// revisions it serves: a negotiation, silent.
package checked

import (
	"encoding/json"
	"net/http"
	"slices"
)

type welcome struct {
	Revision string `json:"protocolVersion"`
	Server   string `json:"serverInfo"`
}

type hello struct {
	Revision string `json:"protocolVersion"`
}

var served = []string{"2025-11-25", "2025-06-18", "2025-03-26"}

func greet(w http.ResponseWriter, in hello) {
	answer := in.Revision
	if !slices.Contains(served, answer) {
		answer = served[0]
	}
	json.NewEncoder(w).Encode(welcome{Revision: answer, Server: "ok"})
}

// greetAgain answers the proposal where the test above has already
// accepted it: the package negotiates.
func greetAgain(w http.ResponseWriter, in hello) {
	json.NewEncoder(w).Encode(welcome{Revision: in.Revision, Server: "ok"})
}
