package httpwrite

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// TestProtocolTable checks protocolCtors against the real runtime/protocol
// package (a test may import the runtime; the analyzers may not): every
// exported function there that returns a *protocol.Error is known, and
// each answers the status and code the table says. A constructor added to
// the runtime and not to the table fails here, as does a changed status.
func TestProtocolTable(t *testing.T) {
	cause := errors.New("cause")
	calls := map[string]func() *protocol.Error{
		"SessionNotFound":      protocol.SessionNotFound,
		"Forbidden":            func() *protocol.Error { return protocol.Forbidden("x") },
		"SessionForbidden":     protocol.SessionForbidden,
		"MethodNotAllowed":     func() *protocol.Error { return protocol.MethodNotAllowed("PUT", "GET") },
		"NotAcceptable":        func() *protocol.Error { return protocol.NotAcceptable("x") },
		"UnsupportedMediaType": func() *protocol.Error { return protocol.UnsupportedMediaType("text/plain") },
		"BodyTooLarge":         func() *protocol.Error { return protocol.BodyTooLarge(1) },
		"BadRequest":           func() *protocol.Error { return protocol.BadRequest("x") },
		"ParseError":           func() *protocol.Error { return protocol.ParseError(cause) },
		"InvalidRequest":       func() *protocol.Error { return protocol.InvalidRequest("x") },
		"Conflict":             func() *protocol.Error { return protocol.Conflict("x") },
		"UnsupportedVersion":   func() *protocol.Error { return protocol.UnsupportedVersion("1999-01-01", []string{"2025-11-25"}) },
		"Unavailable":          func() *protocol.Error { return protocol.Unavailable(1, "x") },
		"Internal":             func() *protocol.Error { return protocol.Internal(cause) },
		"HeaderMismatch":       func() *protocol.Error { return protocol.HeaderMismatch("x") },
		"InvalidParams":        func() *protocol.Error { return protocol.InvalidParams("x") },
		"UnsupportedProtocolVersion": func() *protocol.Error {
			return protocol.UnsupportedProtocolVersion("1999-01-01", []string{"2026-07-28"})
		},
	}
	for name, want := range protocolCtors {
		call, ok := calls[name]
		if !ok {
			t.Errorf("%s: in the table but not called by this test", name)
			continue
		}
		got := call()
		if got.Status != want.status || got.Code != want.code {
			t.Errorf("protocol.%s answers %d / %d, the table says %d / %d", name, got.Status, got.Code, want.status, want.code)
		}
		if want.cause > 0 && !errors.Is(got, cause) && got.Cause != cause {
			t.Errorf("protocol.%s: argument %d is not the cause", name, want.cause)
		}
	}

	// Every exported constructor of the package, read from its source.
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(here), "..", "..", "..", "runtime", "protocol")
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	special := map[string]bool{"NewError": true, "AsError": true} // NewError's status and code are its arguments; AsError converts
	seen := 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
					continue
				}
				star, ok := fd.Type.Results.List[0].Type.(*ast.StarExpr)
				if !ok {
					continue
				}
				if id, isID := star.X.(*ast.Ident); !isID || id.Name != "Error" {
					continue
				}
				seen++
				if _, known := protocolCtors[fd.Name.Name]; !known && !special[fd.Name.Name] {
					t.Errorf("protocol.%s returns a *protocol.Error but is not in protocolCtors", fd.Name.Name)
				}
			}
		}
	}
	if seen < len(protocolCtors) {
		t.Errorf("found %d constructors in %s, fewer than the table's %d", seen, dir, len(protocolCtors))
	}
}
