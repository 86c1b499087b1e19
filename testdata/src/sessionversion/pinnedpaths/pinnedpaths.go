// Package pinnedpaths serves initialize on two transports. The stdio loop
// answers the client's revision; the HTTP handler states 2024-11-05 and
// never looks at the proposal, so the stdio loop's read negotiates nothing
// for it. A third path gates the revision in the dispatcher before a helper
// states the one it accepts: that read is on the helper's way in, and the
// helper is silent.
package pinnedpaths

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
	ClientInfo      info   `json:"clientInfo"`
}

type call struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// serveStdio answers each line's initialize with the proposed revision.
func serveStdio() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		var c call
		if json.Unmarshal(in.Bytes(), &c) != nil {
			continue
		}
		var p initParams
		_ = json.Unmarshal(c.Params, &p)
		json.NewEncoder(os.Stdout).Encode(initResult{ProtocolVersion: p.ProtocolVersion, ServerInfo: info{Name: "two"}})
	}
}

// serveHTTP answers every initialize with a fixed revision.
func serveHTTP(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(greetHTTP())
}

func greetHTTP() initResult {
	return initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "two"}} // want `protocolVersion 2024-11-05, a revision without Streamable HTTP`
}

// serveGated refuses any proposal but the one revision the helper states.
func serveGated(w http.ResponseWriter, r *http.Request) {
	var p initParams
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil || p.ProtocolVersion != "2024-11-05" {
		http.Error(w, "unsupported revision", http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(greetGated())
}

func greetGated() initResult {
	return initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "gated"}}
}

// greetForTests is only called by the package's tests: it never answers a
// client.
func greetForTests() initResult {
	return initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "test"}}
}

// Run starts both transports: it reaches every path, and reads nothing.
func Run(stdio bool) error {
	if stdio {
		serveStdio()
		return nil
	}
	http.HandleFunc("/mcp", serveHTTP)
	http.HandleFunc("/gated/mcp", serveGated)
	return http.ListenAndServe("127.0.0.1:8080", nil)
}
