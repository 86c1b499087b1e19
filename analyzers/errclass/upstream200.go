package errclass

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catUpstreamOK: -32603 written with a success status for a failed
// request upstream.
const catUpstreamOK = "upstream-failure-with-200"

// upstreamWith200 reports, on MCP's endpoint, -32603 (Internal error)
// written with HTTP 200 directly under the failure of a request the
// server sends upstream (client.Do, http.Post, a reverse proxy's round
// trip), and nothing else: the gateway says itself that it failed, and
// its hop failed before any upstream method answered. That is the
// server-failure row's 5xx (502 for a gateway), not a method's result.
// An error the upstream answered in a reply it sent is that method's
// answer and rides on 200; a reply that cannot be read is still the hop's
// failure.
func (c *checker) upstreamWith200(fn *ssa.Function, body *ast.BlockStmt, w *httpwrite.Write) bool {
	if !w.HasCode || w.Code != httpwrite.CodeInternalError || !(w.Status == 200 || w.Status == 0 && w.Implicit) || fn == nil || !branchReturns(w.Stack) {
		return false
	}
	causes, tooLarge := guard(c.pass.TypesInfo, w.Stack)
	if tooLarge || len(causes) == 0 {
		return false
	}
	origins := c.originsOfAll(fn, causes)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if !o.upstream {
			return false
		}
	}
	c.report(w.Node, catUpstreamOK, origins[0].related("the request upstream: "+origins[0].name), nil,
		"answers -32603 with HTTP 200 when the request upstream fails: that is the gateway's own failure, answer 502")
	return true
}
