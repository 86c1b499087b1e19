// Package helped hands the proposal to a function of its own that picks
// the answer: the choice is made there, silent.
package helped

import (
	"encoding/json"
	"net/http"
)

type welcome struct {
	Revision string `json:"protocolVersion"`
	Server   string `json:"serverInfo"`
}

type hello struct {
	Revision string `json:"protocolVersion"`
}

func pick(asked string) string {
	if asked >= "2025-03-26" && asked <= "2025-11-25" {
		return asked
	}
	return "2025-11-25"
}

func greet(w http.ResponseWriter, in hello) {
	revision := in.Revision
	chosen := pick(revision)
	json.NewEncoder(w).Encode(welcome{Revision: chosen, Server: "ok"})
}
