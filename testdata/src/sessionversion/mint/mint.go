// Package mint restates hybrid servers that serve both generations on one
// endpoint: after classifying a request as 2026-07-28 they must neither mint
// an Mcp-Session-Id nor echo the one the client sent.
package mint

import (
	"crypto/rand"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// mintsInModernBranch classifies by header and still mints.
func mintsInModernBranch(w http.ResponseWriter, r *http.Request) {
	v := r.Header.Get(protocol.HeaderProtocolVersion)
	if protocol.IsModernVersion(v) {
		w.Header().Set("Mcp-Session-Id", rand.Text()) // want `Mcp-Session-Id set on a response to a request classified as 2026-07-28 or later`
		w.WriteHeader(http.StatusOK)
		return
	}
	w.Header().Set("Mcp-Session-Id", rand.Text())
}

// echoesAfterLegacyReturn handles the legacy generation first; what follows
// is the sessionless one, and it echoes the client's id.
func echoesAfterLegacyReturn(w http.ResponseWriter, r *http.Request) {
	v := r.Header.Get("Mcp-Protocol-Version")
	if v < "2026-07-28" {
		serveLegacy(w, r)
		return
	}
	w.Header().Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id")) // want `Mcp-Session-Id set on a response`
}

// switchOnRevision mints in the 2026-07-28 case only.
func switchOnRevision(w http.ResponseWriter, r *http.Request) {
	switch r.Header.Get("Mcp-Protocol-Version") {
	case "2025-06-18", "2025-11-25":
		w.Header().Set("Mcp-Session-Id", rand.Text())
	case "2026-07-28":
		w.Header().Add("Mcp-Session-Id", rand.Text()) // want `Mcp-Session-Id set on a response`
	}
}

// elseOfLegacy mints in the else of a test for the legacy generation.
func elseOfLegacy(w http.ResponseWriter, r *http.Request) {
	v := r.Header.Get("Mcp-Protocol-Version")
	if protocol.HasSessions(v) {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	} else {
		w.Header().Set("Mcp-Session-Id", "") // want `Mcp-Session-Id set on a response`
	}
}

func serveLegacy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Mcp-Session-Id", rand.Text())
}

// equalsLegacy tests one legacy revision: its else is every other revision,
// sessionful ones included, so minting there is not known to be wrong.
func equalsLegacy(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Protocol-Version") == "2025-03-26" {
		return
	} else {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
}

// modernAndFlag: in the branch taken every && operand holds, so the
// request is sessionless there.
func modernAndFlag(w http.ResponseWriter, r *http.Request, debug bool) {
	if debug && protocol.IsModernVersion(r.Header.Get("Mcp-Protocol-Version")) {
		w.Header().Set("Mcp-Session-Id", "debug") // want `Mcp-Session-Id set on a response`
	}
}

// modernOrFlag: the branch runs for legacy requests too when flag holds.
func modernOrFlag(w http.ResponseWriter, r *http.Request, flag bool) {
	if flag || protocol.IsModernVersion(r.Header.Get("Mcp-Protocol-Version")) {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
}

type store struct{ ids map[string]bool }

func (s *store) hasSession(id string) bool { return s.ids[id] }

// mintsForNewClient is the ordinary sessionful server: "no session yet"
// is about the store, not the revision.
func (s *store) mintsForNewClient(w http.ResponseWriter, r *http.Request) {
	hasSession := s.hasSession(r.Header.Get("Mcp-Session-Id"))
	if !hasSession {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
	if !s.hasSession(r.Header.Get("Mcp-Session-Id")) {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
}

// legacySSE names the 2024-11-05 transport, not a revision: the else is
// the Streamable HTTP transport at any revision.
func transports(w http.ResponseWriter, r *http.Request, legacy bool) {
	if legacy {
		return
	}
	w.Header().Set("Mcp-Session-Id", rand.Text())
}

// isModernBrowser is not a revision predicate.
func isModernBrowser(r *http.Request) bool { return r.UserAgent() != "" }

func browsers(w http.ResponseWriter, r *http.Request) {
	if isModernBrowser(r) {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
}

// indexedMint sets the header by indexing the response's header map.
func indexedMint(w http.ResponseWriter, r *http.Request) {
	if protocol.IsModernVersion(r.Header.Get("Mcp-Protocol-Version")) {
		w.Header()["Mcp-Session-Id"] = []string{rand.Text()} // want `Mcp-Session-Id set on a response`
		return
	}
	w.Header()["Mcp-Session-Id"] = []string{rand.Text()}
}

// heldHeader sets it through a local holding the response's headers.
func heldHeader(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if v := r.Header.Get("Mcp-Protocol-Version"); v >= "2026-07-28" {
		h.Set("Mcp-Session-Id", rand.Text()) // want `Mcp-Session-Id set on a response`
		return
	}
	h.Set("Mcp-Session-Id", rand.Text())
}

type call struct{ Method string }

// discoverToo mints for the handshake and for server/discover, a method
// only 2026-07-28 has: that request gets a session too.
func discoverToo(w http.ResponseWriter, c call) {
	if c.Method == "initialize" || c.Method == "server/discover" {
		w.Header().Set("Mcp-Session-Id", rand.Text()) // want `Mcp-Session-Id set on a response`
	}
}

// discoverCase does it in a method switch.
func discoverCase(w http.ResponseWriter, c call) {
	switch c.Method {
	case "initialize", "server/discover":
		w.Header().Set("Mcp-Session-Id", rand.Text()) // want `Mcp-Session-Id set on a response`
	case "tools/list":
	}
}

// initializeOnly mints for the handshake alone.
func initializeOnly(w http.ResponseWriter, c call) {
	if c.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
	switch c.Method {
	case "initialize":
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
}
