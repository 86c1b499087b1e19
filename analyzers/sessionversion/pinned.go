package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// streamableFirst is the first revision with the Streamable HTTP transport.
const streamableFirst = "2025-03-26"

// checkPinnedResults reports an initialize result, built in a package that
// serves HTTP, whose protocolVersion is a constant revision older than
// Streamable HTTP while nothing that leads to it or follows from it reads the
// revision the client proposed. The protocol asks the server to answer the
// proposal when it supports it and another supported revision otherwise; a
// constant answer that never looks at the proposal negotiates nothing, and
// one naming a revision without the transport it is served on is wrong for
// every client. A constant of a revision with Streamable HTTP is the answer
// of a server that supports that one revision, which the protocol allows; a
// package that implements the HTTP+SSE transport of 2024-11-05 (it names the
// "endpoint" event) serves that revision rightly.
//
// A read of a protocolVersion (a field tagged so, a "protocolVersion" string
// used other than as a literal's key) silences the rule in the function
// building the result, in any function of the package that reaches it by
// calls or references (a gate in the dispatcher), and in any it reaches (a
// helper choosing the constant). A read on another transport's path (a stdio
// server's initialize, a check of an upstream's result) negotiates nothing
// for this one.
func (c *checker) checkPinnedResults() {
	if httpwrite.TestSupport(c.pass.Pkg.Path()) {
		return
	}
	info := c.pass.TypesInfo
	type pinned struct {
		kv *ast.KeyValueExpr
		fn *types.Func // nil in a package-level declaration
	}
	var results []pinned
	serves, legacySSE, anyRead, globalRead := false, false, false, false
	reads := map[*types.Func]bool{}
	// The declarations, for the reference graph, built only when a
	// result is to be judged.
	type declared struct {
		fn   *types.Func // nil for a package-level declaration
		node ast.Decl
	}
	var decls []declared
	g := newRefGraph()
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		lookups := httpwrite.EndpointLookups(f)
		gets := getBranches(info, f)
		for _, d := range f.Decls {
			var fn *types.Func
			if fd, ok := d.(*ast.FuncDecl); ok {
				fn, _ = info.Defs[fd.Name].(*types.Func)
			}
			read := false
			note := func(x ast.Node) bool {
				read = read || c.readsProposal(x)
				if lit, ok := x.(*ast.BasicLit); ok && !lookups[lit] {
					legacySSE = legacySSE || httpwrite.EndpointEvent(lit)
				}
				return true
			}
			var visit func(n ast.Node) bool
			visit = func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncType:
					serves = serves || httpwrite.AnswersHTTP(info, n)
					return false
				case *ast.FuncDecl:
					if takesTesting(info, n.Type) {
						return false // a test helper's server answers what the test wants
					}
				case *ast.FuncLit:
					if takesTesting(info, n.Type) {
						return false
					}
				case *ast.Field:
					return false // a struct tag names a field, it reads nothing
				case *ast.CompositeLit:
					if kv := c.pinnedResult(n); kv != nil && !within(gets, n) {
						results = append(results, pinned{kv, fn})
					}
					// Keys name what is written, not read: skip them, walk
					// the values.
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							e = kv.Value
						}
						ast.Inspect(e, visit)
					}
					return false
				case *ast.AssignStmt:
					// A field assigned is written; what is assigned is read.
					for _, l := range n.Lhs {
						if _, ok := l.(*ast.SelectorExpr); !ok {
							ast.Inspect(l, note)
						}
					}
					for _, r := range n.Rhs {
						ast.Inspect(r, visit)
					}
					return false
				}
				note(n)
				return true
			}
			ast.Inspect(d, visit)
			anyRead = anyRead || read
			if fn == nil {
				globalRead = globalRead || read
				decls = append(decls, declared{nil, d})
				continue
			}
			reads[fn] = read
			decls = append(decls, declared{fn, d})
		}
	}
	if len(results) == 0 || globalRead || !serves || legacySSE || importsLegacySSE(c.pass) {
		return
	}
	for _, d := range decls {
		if d.fn == nil {
			g.addRoots(info, d.node)
		} else {
			g.add(info, d.fn, d.node)
		}
	}
	var listed []string
	for _, p := range results {
		if p.fn == nil && anyRead {
			continue
		}
		if p.fn != nil && (g.touches(p.fn, reads) || !g.live(p.fn)) {
			continue
		}
		kv := p.kv
		v := constant.StringVal(info.Types[kv.Value].Value)
		if v >= streamableFirst {
			if listed == nil {
				listed = c.listedRevisions()
			}
			if other := otherRevision(listed, v); other != "" {
				report.Report(c.pass, analysis.Diagnostic{
					Pos:      kv.Pos(),
					End:      kv.End(),
					Category: "pinned-revision",
					Message:  "the initialize result states protocolVersion " + v + " whatever the client proposed, though the package lists " + other + " among the revisions it supports: answer the client's revision when it is one of them",
				})
			}
			continue
		}
		report.Report(c.pass, analysis.Diagnostic{
			Pos:      kv.Pos(),
			End:      kv.End(),
			Category: "pinned-revision",
			Message:  "the initialize result states protocolVersion " + v + ", a revision without Streamable HTTP, whatever the client proposed, and the proposal is never read: answer the client's revision when the server supports it, else a revision it supports",
		})
	}
}

// listedRevisions are the revisions the package lists together, outside
// tests: the elements or keys of a slice, array or map literal holding two
// or more revisions (supported := []string{"2025-03-26", "2025-06-18"}).
// A server that lists them accepts them, so a constant answer to every
// proposal negotiates none of the others. It returns a non-nil slice.
func (c *checker) listedRevisions() []string {
	out := []string{}
	info := c.pass.TypesInfo
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			switch info.TypeOf(lit).Underlying().(type) {
			case *types.Slice, *types.Array, *types.Map:
			default:
				return true
			}
			var revs []string
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Key
				}
				if tv, ok := info.Types[e]; ok && httpwrite.IsRevision(tv.Value) {
					if v := constant.StringVal(tv.Value); !slices.Contains(revs, v) {
						revs = append(revs, v)
					}
				}
			}
			if len(revs) >= 2 {
				out = append(out, revs...)
			}
			return true
		})
	}
	return out
}

// otherRevision is a session revision in listed other than v, or "".
func otherRevision(listed []string, v string) string {
	for _, r := range listed {
		if r != v && r >= streamableFirst && r < "2026-07-28" {
			return r
		}
	}
	return ""
}

// pinnedResult returns the protocolVersion element of lit when lit is an
// initialize result (see initResult) and that element is a constant
// revision.
func (c *checker) pinnedResult(lit *ast.CompositeLit) *ast.KeyValueExpr {
	info := c.pass.TypesInfo
	version, ok := initResult(info, lit)
	if !ok || version == nil {
		return nil
	}
	if tv, ok := info.Types[version.Value]; !ok || !httpwrite.IsRevision(tv.Value) {
		return nil
	}
	return version
}

// initResult reports whether lit builds an initialize result -- a struct
// with JSON fields protocolVersion and serverInfo, or a string-keyed map
// literal with both keys -- and returns its protocolVersion element, nil
// when the literal sets none by key.
func initResult(info *types.Info, lit *ast.CompositeLit) (version *ast.KeyValueExpr, ok bool) {
	typ := info.TypeOf(lit)
	if typ == nil {
		return nil, false
	}
	switch u := typ.Underlying().(type) {
	case *types.Struct:
		tags := map[string]string{}
		for i := 0; i < u.NumFields(); i++ {
			tags[u.Field(i).Name()] = httpwrite.JSONTagName(u.Tag(i))
		}
		if !hasTag(tags, "protocolVersion") || !hasTag(tags, "serverInfo") {
			return nil, false
		}
		for _, e := range lit.Elts {
			kv, isKV := e.(*ast.KeyValueExpr)
			if !isKV {
				return nil, true
			}
			if id, isID := kv.Key.(*ast.Ident); isID && tags[id.Name] == "protocolVersion" {
				version = kv
			}
		}
		return version, true
	case *types.Map:
		server := false
		for _, e := range lit.Elts {
			kv, isKV := e.(*ast.KeyValueExpr)
			if !isKV {
				continue
			}
			tv, known := info.Types[kv.Key]
			if !known || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			switch constant.StringVal(tv.Value) {
			case "protocolVersion":
				version = kv
			case "serverInfo":
				server = true
			}
		}
		return version, version != nil && server
	}
	return nil, false
}

func hasTag(tags map[string]string, name string) bool {
	for _, t := range tags {
		if t == name {
			return true
		}
	}
	return false
}

// readsProposal reports whether n reads a protocolVersion: a selector of a
// field tagged json:"protocolVersion", or a string constant naming it (a
// map index, a JSON path, a lookup helper's argument).
func (c *checker) readsProposal(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.SelectorExpr:
		sel := c.pass.TypesInfo.Selections[n]
		if sel == nil || sel.Kind() != types.FieldVal {
			return false
		}
		return c.hasVersionTag(sel)
	case *ast.BasicLit:
		return n.Kind == token.STRING && strings.Contains(n.Value, "protocolVersion") && !strings.Contains(n.Value, `"protocolVersion":`)
	}
	return false
}

// takesTesting reports whether ft takes a *testing.T, B, F or a testing.TB.
func takesTesting(info *types.Info, ft *ast.FuncType) bool {
	for _, f := range ft.Params.List {
		t := info.TypeOf(f.Type)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
			return true
		}
	}
	return false
}
