package negotiate

import (
	"net/http"
	"slices"
)

var served = []string{"2025-03-26", "2025-06-18"}

var servedSet = map[string]bool{"2025-03-26": true, "2025-06-18": true}

// listed refuses what its list lacks instead of answering from the list.
func listed(w http.ResponseWriter, r *http.Request, p initParams) {
	if !slices.Contains(served, p.ProtocolVersion) { // want `initialize refused because the requested protocolVersion is not the one expected`
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": p.ProtocolVersion}})
}

// inSet does the same with a set.
func inSet(w http.ResponseWriter, r *http.Request, p initParams) {
	if !servedSet[p.ProtocolVersion] { // want `initialize refused because the requested protocolVersion is not the one expected`
		send(w, reply{JSONRPC: "2.0", Error: &rpcError{Code: -32602, Message: "unsupported protocol version"}})
		return
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": p.ProtocolVersion}})
}

// fromList answers from its list when the client's revision is not in it.
func fromList(w http.ResponseWriter, r *http.Request, p initParams) {
	answer := p.ProtocolVersion
	if !slices.Contains(served, answer) {
		answer = served[len(served)-1]
	}
	if !servedSet[p.ProtocolVersion] {
		answer = "2025-06-18"
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": answer}})
}

// twoOnly takes two revisions and refuses every other one.
func twoOnly(w http.ResponseWriter, r *http.Request, p initParams) {
	if p.ProtocolVersion != "2025-03-26" && p.ProtocolVersion != "2025-06-18" { // want `initialize refused because the requested protocolVersion is not the one expected`
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": p.ProtocolVersion}})
}

// presentAndOther refuses other revisions only in a strict mode the
// operator opts into: whether that mode is on is not in the code, so the
// && with an operand that is not a revision test is not judged.
func presentAndOther(w http.ResponseWriter, r *http.Request, p initParams, strict bool) {
	if strict && p.ProtocolVersion != "2025-06-18" {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
}
