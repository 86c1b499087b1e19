package httpwrite

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// EndpointEvent reports whether lit names the HTTP+SSE transport's
// "endpoint" event (the event name alone, or an SSE frame of it). That
// transport (2024-11-05) has its own handshake and no MCP-Protocol-Version
// or Mcp-Session-Id header.
func EndpointEvent(lit *ast.BasicLit) bool {
	if lit.Kind != token.STRING {
		return false
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil {
		return false
	}
	return v == "endpoint" || strings.Contains(v, "event: endpoint") || strings.Contains(v, "event:endpoint")
}

// EndpointLookups are the literals "endpoint" of f that name a key, not an
// SSE event: a map index or a literal's key, or the argument of a lookup
// (gin's c.Get("endpoint"), a query or form value).
func EndpointLookups(f *ast.File) map[*ast.BasicLit]bool {
	out := map[*ast.BasicLit]bool{}
	add := func(e ast.Expr) {
		if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok {
			if v, err := strconv.Unquote(lit.Value); err == nil && v == "endpoint" {
				out[lit] = true
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			add(n.Index)
		case *ast.KeyValueExpr:
			add(n.Key)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && lookupNames[sel.Sel.Name] && len(n.Args) >= 1 {
				add(n.Args[0])
			}
		}
		return true
	})
	return out
}

// lookupNames are methods that read a value by key.
var lookupNames = map[string]bool{
	"Get": true, "GetString": true, "MustGet": true, "Set": true, "Value": true, "Lookup": true,
	"Param": true, "Query": true, "DefaultQuery": true, "QueryParam": true, "FormValue": true,
	"PostForm": true, "Locals": true, "Params": true, "GetHeader": true,
}

// SendsEndpointEvent reports whether a file of files outside tests names
// the endpoint event other than as a lookup's key: the package serves the
// HTTP+SSE transport.
func SendsEndpointEvent(fset *token.FileSet, files []*ast.File) bool {
	event, _ := legacySSEMarks(fset, files, false)
	return event
}

// StreamsEndpointEvent is SendsEndpointEvent for a package that also names
// the event stream's media type, text/event-stream: the mark another
// package can be judged by. A bare "endpoint" is also a config key or a
// field named in a message, which says nothing of the transport of the
// package's importers.
func StreamsEndpointEvent(fset *token.FileSet, files []*ast.File) bool {
	event, stream := legacySSEMarks(fset, files, true)
	return event && stream
}

// legacySSEMarks walks the files outside tests once for the endpoint event
// (not as a lookup's key) and, when wantStream, the text/event-stream
// media type, stopping when it has what it was asked for.
func legacySSEMarks(fset *token.FileSet, files []*ast.File, wantStream bool) (event, stream bool) {
	done := func() bool { return event && (stream || !wantStream) }
	for _, f := range files {
		if strings.HasSuffix(fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		lookups := EndpointLookups(f)
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				event = event || !lookups[lit] && EndpointEvent(lit)
				stream = stream || wantStream && strings.Contains(lit.Value, "text/event-stream")
			}
			return !done()
		})
		if done() {
			break
		}
	}
	return event, stream
}
