// Package noreplybranch: a writer of replies that answers 204 with no body
// only when handed an empty reply (a notification's), and otherwise encodes
// the reply with no status, so a refusal handed to it travels with HTTP 200.
package noreplybranch

import (
	"encoding/json"
	"io"
	"net/http"
)

type fault struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Fault   *fault          `json:"error,omitempty"`
}

type message struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

type gateway struct{}

func faultReply(id json.RawMessage, code int, msg string) reply {
	return reply{Version: "2.0", ID: id, Fault: &fault{Code: code, Message: msg}}
}

// emit has two answers: none for an empty reply, the reply for any other.
func (g *gateway) emit(w http.ResponseWriter, rep reply) {
	if rep.Version == "" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(rep)
}

func (g *gateway) emitFault(w http.ResponseWriter, id json.RawMessage, code int, msg string) { // want `emitFault writes HTTP 200 for the refusals its 3 callers pass \(-32700, -32600\): a refusal before any method runs is 400`
	g.emit(w, faultReply(id, code, msg))
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		g.emitFault(w, nil, -32700, "unreadable body")
		return
	}
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		g.emitFault(w, nil, -32700, "Parse error")
		return
	}
	if m.Version != "2.0" {
		g.emitFault(w, m.ID, -32600, "Invalid Request")
		return
	}
	g.emit(w, reply{Version: "2.0", ID: m.ID, Result: map[string]any{}})
}
