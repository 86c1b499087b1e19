package session

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// TestReached pins the answer each state of the session reaches first, and
// what keeps a way from counting: a branch of another test entered after
// the session's, a status another test set, a test merged with another.
func TestReached(t *testing.T) {
	fset := token.NewFileSet()
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	for _, c := range []struct {
		name, body       string
		unknown, missing string // "line:status:init", "" for no way
	}{
		{"flag", `
	found := false
	if _, ok := sessions[id]; ok {
		found = true
	}
	if !found {
		http.Error(w, "denied", 401)
		return
	}`, "6:401:false", ""},
		{"status set by the miss", `
	code := 202
	if _, ok := sessions[id]; !ok {
		code = 400
	}
	w.WriteHeader(code)`, "5:400:false", ""},
		{"status set by another test", `
	code := 202
	if r.Header.Get("Accept") == "" {
		code = 400
	}
	if _, ok := sessions[id]; ok {
		code = 200
	}
	w.WriteHeader(code)`, "8:202:false", ""}, // the 400 is the Accept test's; 202 is what an unknown id gets
		{"decode error after the miss", `
	s, ok := sessions[id]
	if ok {
		_ = s
	}
	if r.ContentLength == 0 {
		http.Error(w, "empty", 400)
		return
	}
	w.WriteHeader(202)`, "9:202:false", ""},
		{"merged with another test", `
	_, ok := sessions[id]
	if !ok || r.Header.Get("Authorization") == "" {
		http.Error(w, "denied", 401)
		return
	}`, "", ""},
		{"missing, status written later", `
	code := 202
	if id == "" {
		code = 404
	}
	w.WriteHeader(code)`, "", "5:404:false"},
		{"initialize on the way", `
	if r.URL.Query().Get("m") == "initialize" {
		if _, ok := sessions[id]; !ok {
			w.WriteHeader(200)
			return
		}
	}`, "3:200:true", ""},
		{"answer after an if that does not return", `
	_, ok := sessions[id]
	if r.URL.Query().Get("m") == "initialize" {
		w.WriteHeader(200)
		return
	}
	if !ok {
		http.NotFound(w, r)
	}`, "7:404:false", ""},
	} {
		src := `package p
import "net/http"
var sessions map[string]bool
func f(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")` + c.body + `
}
`
		f, err := parser.ParseFile(fset, c.name+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
		if err != nil {
			t.Fatal(err)
		}
		var body *ast.BlockStmt
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
				body = fd.Body
			}
		}
		writes := httpwrite.Collect(info, body, func(*types.Func) *httpwrite.Sink { return nil })
		scan := Learn(info, pkg, []ast.Node{f.Decls[len(f.Decls)-1]}, func(*types.Func) bool { return false }).
			Scans(nil)[f.Decls[len(f.Decls)-1]]
		if scan == nil {
			t.Fatalf("%s: no scan", c.name)
		}
		for _, st := range []struct {
			kind Kind
			want string
		}{{Unknown, c.unknown}, {Missing, c.missing}} {
			var got []string
			for _, r := range scan.Reached(st.kind, writes) {
				// Lines counted from the handler's first line.
				line := fset.Position(r.Write.Node.Pos()).Line - 5
				got = append(got, fmt.Sprintf("%d:%d:%v", line, r.Status, r.Init))
			}
			if g := strings.Join(got, " "); g != st.want {
				t.Errorf("%s, state %d: got %q, want %q", c.name, st.kind, g, st.want)
			}
		}
	}
}
