package httpwrite

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sync"
	"testing"
)

// stdFset and stdImporter are shared by every check: the source importer
// type-checks net/http and its dependencies once and keeps them, instead of
// once per call; it needs the file set its packages were parsed into.
var (
	stdMu       sync.Mutex
	stdFset     = token.NewFileSet()
	stdImporter = importer.ForCompiler(stdFset, "source", nil)
)

// check type-checks src (which may import the standard library) and
// returns its file and type information.
func check(t *testing.T, src string) (*ast.File, *types.Info) {
	t.Helper()
	stdMu.Lock()
	defer stdMu.Unlock()
	fset := stdFset
	f, err := parser.ParseFile(fset, "a.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf := types.Config{Importer: stdImporter}
	if _, err := conf.Check("a", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return f, info
}

func funcNamed(info *types.Info, f *ast.File, name string) (*types.Func, *ast.FuncDecl) {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return info.Defs[fd.Name].(*types.Func), fd
		}
	}
	return nil, nil
}

const helpers = `package a

import (
	"encoding/json"
	"io"
	"net/http"
)

const codeParse = -32700

func writeError(w http.ResponseWriter, status int, code int, msg string) {
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": msg}})
}

func parseError(w http.ResponseWriter, err error) {
	writeError(w, http.StatusBadRequest, codeParse, err.Error())
}

func notFound(w http.ResponseWriter) { http.Error(w, "not found", 404) }

func either(w http.ResponseWriter, bad bool) {
	if bad {
		http.Error(w, "bad", 400)
		return
	}
	http.Error(w, "gone", 410)
}

func unpaired(w http.ResponseWriter, fail bool) {
	w.WriteHeader(500)
	if fail {
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": -32603, "message": "x"}})
	}
}

func route(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case "POST":
		notFound(w)
	default:
		http.Error(w, "method not allowed", 405)
	}
}

// The 500 answers the helper's own encoding failing: it writes its
// caller's value with the status its caller gives.
func encodeOrFail(w http.ResponseWriter, status int, v any) {
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		http.Error(w, "encode", 500)
	}
}

func marshalOrFail(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encode", 500)
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// The response built by a function that returns its bytes.
func renderOrFail(w http.ResponseWriter, code int) {
	b, err := errorBytes(code)
	if err != nil {
		http.Error(w, "render", 500)
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

func errorBytes(code int) ([]byte, error) {
	return json.Marshal(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": "x"}})
}

// Not a fallback: the bytes read are the request's, not written back.
func readOrFail(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad", 400)
		return
	}
	w.WriteHeader(204)
	_ = b
}

// Not a fallback: the 400 answers the caller's bytes.
func decodeOrFail(w http.ResponseWriter, r *http.Request, v any) {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		http.Error(w, "bad", 400)
		return
	}
	w.WriteHeader(204)
}

func plain(w http.ResponseWriter) {
	json.NewEncoder(w).Encode(map[string]any{"code": 7, "message": "not JSON-RPC"})
}
`

func TestSummarizePackage(t *testing.T) {
	f, info := check(t, helpers)
	sinks := SummarizePackage(info, []*ast.File{f}, nil).Sinks
	for name, want := range map[string]*Sink{
		"writeError": {StatusArg: 2, CodeArg: 3},
		// Summarised through writeError's own summary, whatever the
		// order the two are declared in.
		"parseError": {Status: 400, Code: -32700, HasCode: true, ErrArg: 2},
		"notFound":   {Status: 404},
		// Two answers: not a sink; its callers are not judged through it.
		"either": nil,
		// One answer, but only in one case of a router: not a sink.
		"route": nil,
		// A 500 only when encoding the helper's own response fails.
		"encodeOrFail":  {StatusArg: 2},
		"marshalOrFail": {Status: 200},
		"decodeOrFail":  nil,
		"renderOrFail":  {Status: 200, CodeArg: 2},
		"readOrFail":    nil,
	} {
		fn, _ := funcNamed(info, f, name)
		got := sinks[fn]
		switch {
		case want == nil && got != nil:
			t.Errorf("%s: got %v, want no sink", name, got)
		case want != nil && (got == nil || *got != *want):
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

func TestCollectPairsWithinABlock(t *testing.T) {
	f, info := check(t, helpers)
	_, fd := funcNamed(info, f, "writeError")
	ws := Collect(info, fd.Body, nil)
	if len(ws) != 1 || ws[0].Kind != WriteHeader || ws[0].CodeExpr == nil {
		t.Fatalf("writeError: got %d answers (%+v), want one WriteHeader paired with its error object", len(ws), ws)
	}
	// The error object sits in a nested block: it may not be written, so
	// it is not paired with the status.
	_, fd = funcNamed(info, f, "unpaired")
	ws = Collect(info, fd.Body, nil)
	if len(ws) != 2 || ws[0].HasCode {
		t.Fatalf("unpaired: got %+v, want a status and a separate error object", ws)
	}
	if ws[1].Kind != ErrorObject || ws[1].Code != -32603 {
		t.Errorf("unpaired: object = %+v, want an ErrorObject with -32603", ws[1])
	}
	// {code, message} outside a JSON-RPC envelope is not an error object.
	_, fd = funcNamed(info, f, "plain")
	if ws := Collect(info, fd.Body, nil); len(ws) != 0 {
		t.Errorf("plain: got %+v, want nothing", ws)
	}
}

func TestIsSessionHeader(t *testing.T) {
	f, info := check(t, `package a

const h = "Mcp-Session-Id"

var (
	a = "mcp-session-id"
	b = "MCP-SESSION-ID"
	c = h
	d = "Mcp-Session"
	e = "X-" + h
)
`)
	want := map[string]bool{"a": true, "b": true, "c": true, "d": false, "e": false}
	for _, decl := range f.Decls {
		gd := decl.(*ast.GenDecl)
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			name := vs.Names[0].Name
			if w, ok := want[name]; ok {
				if got := IsSessionHeader(info, vs.Values[0]); got != w {
					t.Errorf("%s: IsSessionHeader = %v, want %v", name, got, w)
				}
			}
		}
	}
}

func TestJSONName(t *testing.T) {
	for _, c := range []struct{ field, tag, want string }{
		{"Code", "", "code"},
		{"Code", `json:"code"`, "code"},
		{"Err", `json:"error,omitempty"`, "error"},
		{"Version", `json:"jsonrpc"`, "jsonrpc"},
		{"Message", `json:",omitempty"`, "message"},
	} {
		if got := jsonName(c.field, c.tag); got != c.want {
			t.Errorf("jsonName(%q, %q) = %q, want %q", c.field, c.tag, got, c.want)
		}
	}
}

func TestIsStd(t *testing.T) {
	for path, want := range map[string]bool{
		"net/http":                 true,
		"encoding/json":            true,
		"fixtures/errclass/bad":    false,
		"github.com/mcpwire/x":     false,
		"example/notinthegoroot/x": false,
	} {
		if got := IsStd(path); got != want {
			t.Errorf("IsStd(%q) = %v, want %v", path, got, want)
		}
	}
}

// A caller declared before its helper is collected before the helper's Sink
// is known: its memoised answers must be collected again once it is.
const callerFirst = `package a

import "net/http"

func early(w http.ResponseWriter) { late(w, 409) }

func late(w http.ResponseWriter, status int) { http.Error(w, "conflict", status) }
`

func TestSummaryWritesFollowLaterSinks(t *testing.T) {
	f, info := check(t, callerFirst)
	sum := SummarizePackage(info, []*ast.File{f}, nil)
	early, fd := funcNamed(info, f, "early")
	if got, want := sum.Sinks[early], (&Sink{Status: 409}); got == nil || *got != *want {
		t.Errorf("early: got %v, want %v", got, want)
	}
	ws := sum.Writes(fd)
	if len(ws) != 1 || ws[0].Kind != Helper || ws[0].Status != 409 {
		t.Fatalf("early: got %+v, want one Helper answer with status 409", ws)
	}
}
