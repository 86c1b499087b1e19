// Package negotiate: servers that refuse an initialize whose
// protocolVersion is not the one revision they expect, beside servers that
// negotiate, a header check that rightly answers 400, a gateway that
// checks its upstream's answer, and a test client that pins a revision in
// its own initialize.
package negotiate

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

const onlyRevision = "2025-06-18"

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func send(w http.ResponseWriter, r reply) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(r)
}

type strict struct{}

// handshake refuses every revision but one: nothing is negotiated.
func (s *strict) handshake(w http.ResponseWriter, r *http.Request, m *message) {
	var params struct {
		Version string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(m.Params, &params); err != nil {
		send(w, reply{JSONRPC: "2.0", ID: m.ID, Error: &rpcError{Code: -32602, Message: "Invalid params"}})
		return
	}
	if params.Version != onlyRevision { // want `initialize refused because the requested protocolVersion is not the one expected`
		send(w, reply{JSONRPC: "2.0", ID: m.ID, Error: &rpcError{Code: -32600, Message: fmt.Sprintf("unsupported protocol version %s", params.Version)}})
		return
	}
	send(w, reply{JSONRPC: "2.0", ID: m.ID, Result: map[string]any{"protocolVersion": onlyRevision}})
}

// accept takes the match branch and refuses in the else, with an HTTP
// status this time.
func accept(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	params, _ := body["params"].(map[string]any)
	if params["protocolVersion"] == "2025-03-26" { // want `initialize refused because the requested protocolVersion is not the one expected`
		send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": "2025-03-26"}})
	} else {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

// pick lists the revisions it takes and refuses the rest.
func pick(w http.ResponseWriter, r *http.Request, p initParams) {
	switch p.ProtocolVersion { // want `initialize refused because the requested protocolVersion is not the one expected`
	case "2025-03-26", "2025-06-18":
	default:
		send(w, reply{JSONRPC: "2.0", Error: &rpcError{Code: -32602, Message: "unsupported protocol version"}})
		return
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": p.ProtocolVersion}})
}

// negotiating answers the client's revision when it has it, else its own.
func negotiating(w http.ResponseWriter, r *http.Request, p initParams) {
	answer := p.ProtocolVersion
	if answer != "2025-06-18" && answer != "2025-03-26" {
		answer = onlyRevision
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": answer}})
}

// missing refuses an initialize that names no revision at all: invalid
// params, not a revision it declines.
func missing(w http.ResponseWriter, r *http.Request, p initParams) {
	if p.ProtocolVersion == "" {
		send(w, reply{JSONRPC: "2.0", Error: &rpcError{Code: -32602, Message: "protocolVersion is required"}})
		return
	}
	send(w, reply{JSONRPC: "2.0", Result: map[string]any{"protocolVersion": onlyRevision}})
}

// headerCheck refuses a later request whose MCP-Protocol-Version header
// names a revision it does not serve: that 400 is the protocol's answer.
func headerCheck(w http.ResponseWriter, r *http.Request) {
	if v := r.Header.Get("MCP-Protocol-Version"); v != "" && v != onlyRevision {
		http.Error(w, "unsupported MCP-Protocol-Version", http.StatusBadRequest)
		return
	}
}

// gateway checks the revision its upstream answered, as a client may,
// and tells its own caller when it cannot go on.
func gateway(w http.ResponseWriter, r *http.Request) {
	resp, err := http.Post("http://upstream/mcp", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}`))
	if err != nil {
		http.Error(w, "upstream unreachable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	var answer struct {
		Result initParams `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		http.Error(w, "upstream answer unreadable", http.StatusBadGateway)
		return
	}
	if answer.Result.ProtocolVersion != onlyRevision {
		http.Error(w, "upstream speaks another revision", http.StatusBadGateway)
		return
	}
}

// probe is a test helper's client: its own initialize pins a revision,
// which is the client's right; the server negotiates.
func probe(url string) (int, error) {
	resp, err := http.Post(url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}`))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}
