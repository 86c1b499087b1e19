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
