// Package gate stands for a session layer of another package, which may
// check a request's Mcp-Session-Id itself.
package gate

import "net/http"

// Admit reports whether r may be served.
func Admit(r *http.Request) bool { return r.Header.Get("Mcp-Session-Id") != "nobody" }
