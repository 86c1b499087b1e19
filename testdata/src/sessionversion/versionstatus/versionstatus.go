// Package versionstatus: refusals of the request's MCP-Protocol-Version
// answered with another status than the table's 400, beside the right 400,
// the 405 of a GET at a sessionless revision and a branch taken only for a
// missing header.
package versionstatus

import (
	"net/http"
	"slices"
	"strings"
)

const versionHeader = "MCP-Protocol-Version"

var served = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

func fail(w http.ResponseWriter, status int, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(msg))
}

// upgrade asks for an upgrade, which a client never makes.
func upgrade(w http.ResponseWriter, r *http.Request) {
	if v := r.Header.Get(versionHeader); v != "" && !slices.Contains(served, v) {
		fail(w, http.StatusUpgradeRequired, -32000, "unsupported protocol version") // want `answers 426 to an MCP-Protocol-Version the server does not support: answer 400`
		return
	}
}

// notImplemented switches on the header and refuses with 501 by default.
func notImplemented(w http.ResponseWriter, r *http.Request) {
	v := strings.TrimSpace(r.Header.Get("mcp-protocol-version"))
	if v == "" {
		v = "2025-03-26"
	}
	switch v {
	case "2025-03-26", "2025-06-18":
	default:
		http.Error(w, "protocol version not implemented", http.StatusNotImplemented) // want `answers 501 to an MCP-Protocol-Version`
		return
	}
}

// notAcceptable writes the status itself.
func notAcceptable(w http.ResponseWriter, r *http.Request) {
	v := r.Header.Get(versionHeader)
	if v != "" && v != "2025-06-18" {
		w.WriteHeader(http.StatusNotAcceptable) // want `answers 406 to an MCP-Protocol-Version`
		return
	}
}

// badRequest answers the table's 400.
func badRequest(w http.ResponseWriter, r *http.Request) {
	if v := r.Header.Get(versionHeader); v != "" && !slices.Contains(served, v) {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: unsupported protocol version")
		return
	}
}

// sessionless answers a GET at 2026-07-28 with 405, that row's status.
func sessionless(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.Header.Get(versionHeader) >= "2026-07-28" {
		w.Header().Set("Allow", "POST")
		fail(w, http.StatusMethodNotAllowed, -32000, "Method not allowed")
		return
	}
}

// missingOnly refuses a request without the header: another question
// than an unsupported revision, not judged here.
func missingOnly(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get(versionHeader) == "" {
		fail(w, http.StatusPreconditionRequired, -32000, "MCP-Protocol-Version required")
		return
	}
}

// response reads the header of a response it got, not a request.
func response(w http.ResponseWriter, resp *http.Response) {
	if resp.Header.Get(versionHeader) != "2025-06-18" {
		fail(w, http.StatusBadGateway, -32603, "upstream speaks another revision")
		return
	}
}
