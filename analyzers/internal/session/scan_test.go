package session

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	for name, want := range map[string][]string{
		"isValidSessionID": {"is", "valid", "session", "id"},
		"SessionIDExists":  {"session", "id", "exists"},
		"session_exists":   {"session", "exists"},
		"IsExpired":        {"is", "expired"},
		"Validate":         {"validate"},
		"hash":             {"hash"},
	} {
		if got := words(name); !slices.Equal(got, want) {
			t.Errorf("words(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestValidatorNames pins which names are taken as "does this session
// exist" checks, and which way their answer points. A format check
// (isValidSessionID), an ownership or rights check, or a name that says
// nothing is not a validator: its 400 or 403 is right.
func TestValidatorNames(t *testing.T) {
	for _, c := range []struct {
		name      string
		validator bool
		neg, ok   bool
	}{
		{"Validate", true, false, true},
		{"IsValid", true, false, true},
		{"Exists", true, false, true},
		{"SessionExists", true, false, true},
		{"HasSession", true, false, true},
		{"IsExpired", true, true, true},
		{"isTerminated", true, true, true},
		{"isValidSessionID", false, false, true}, // the id's characters: 400 is right
		{"ValidateFormat", false, false, true},
		{"CheckOwner", false, false, false},
		{"ValidateToken", false, false, true},
		{"hashSession", false, false, false}, // "hash" is not "has"
		{"Get", false, false, false},
	} {
		if got := validatorName(c.name); got != c.validator {
			t.Errorf("validatorName(%q) = %v, want %v", c.name, got, c.validator)
		}
		if neg, ok := polarity(c.name); neg != c.neg || ok != c.ok {
			t.Errorf("polarity(%q) = %v, %v, want %v, %v", c.name, neg, ok, c.neg, c.ok)
		}
	}
}

// TestRefusalSentinel pins which package-level errors are taken as "this
// session is not there" (404-class) and which are about the request's id
// itself (absent, malformed: 400 is right) or about something else.
func TestRefusalSentinel(t *testing.T) {
	pkg := types.NewPackage("example.com/errs", "errs")
	errType := types.Universe.Lookup("error").Type()
	for name, want := range map[string]bool{
		"ErrSessionClosed":    true,
		"ErrLackSession":      true,
		"ErrSessionNotFound":  true,
		"ErrNoSuchSession":    true,
		"errUnknownSession":   true,
		"ErrSessionExpired":   true,
		"ErrMissingSessionID": false, // the header is absent: 400
		"ErrInvalidSession":   false, // malformed or unknown: not told
		"ErrNotFound":         false, // not about a session
		"ErrQueueFull":        false,
		"ErrSessionFound":     false, // "found" without "not"
	} {
		v := types.NewVar(token.NoPos, pkg, name, errType)
		pkg.Scope().Insert(v)
		if got := RefusalSentinel(v); got != want {
			t.Errorf("RefusalSentinel(%s) = %v, want %v", name, got, want)
		}
	}
	// A local variable or a non-error is not a sentinel.
	local := types.NewVar(token.NoPos, pkg, "ErrSessionClosed", errType)
	if RefusalSentinel(local) {
		t.Error("RefusalSentinel of a variable outside the package scope = true, want false")
	}
	str := types.NewVar(token.NoPos, pkg, "SessionClosedText", types.Typ[types.String])
	pkg.Scope().Insert(str)
	if RefusalSentinel(str) {
		t.Error("RefusalSentinel of a string = true, want false")
	}
}

// TestExclusive pins when a use of the id before a lookup does not reach
// it: in the other branch of an if or a switch, or in a block that returns.
func TestExclusive(t *testing.T) {
	const src = `package p
func f(init bool, k int) {
	if init {
		_ = "A"
		return
	} else {
		_ = "B"
	}
	if init {
		_ = "C"
	}
	switch k {
	case 1:
		_ = "D"
	case 2:
		_ = "E"
	}
	_ = "Z"
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			pos[strings.Trim(lit.Value, `"`)] = lit.Pos()
		}
		return true
	})
	body := f.Decls[0].(*ast.FuncDecl).Body
	for _, c := range []struct {
		p, q string
		want bool
	}{
		{"A", "B", true},  // then and else
		{"A", "Z", true},  // a block that returns
		{"B", "Z", false}, // the else falls through
		{"C", "Z", false}, // so does the then
		{"D", "E", true},  // two clauses
		{"D", "Z", false},
	} {
		if got := exclusive(body, pos[c.p], pos[c.q]); got != c.want {
			t.Errorf("exclusive(%s, %s) = %v, want %v", c.p, c.q, got, c.want)
		}
	}
}

// TestFallbackID: a fallback for a missing header to another of the
// client's values leaves the variable the client's id; a minted fallback,
// or one taken whatever the header held, does not.
func TestFallbackID(t *testing.T) {
	fset := token.NewFileSet()
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	for _, c := range []struct {
		fallback string
		want     bool
	}{
		{`if id == "" { id = r.URL.Query().Get("session") }`, true},
		{`if len(id) == 0 { id = r.Header.Get("X-Session") }`, true},
		{`if id == "" { id = mint() }`, false},
		{`if id != "" { id = r.URL.Query().Get("session") }`, false},
		{`if r.URL.Path == "" { id = r.URL.Query().Get("session") }`, false},
	} {
		src := `package p
import "net/http"
func mint() string { return "x" }
func use(string) {}
func f(r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	` + c.fallback + `
	use(id)
}
`
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
			t.Fatal(err)
		}
		var body *ast.BlockStmt
		var arg ast.Expr
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
				body = fd.Body
				arg = body.List[len(body.List)-1].(*ast.ExprStmt).X.(*ast.CallExpr).Args[0]
			}
		}
		if got := NewScan(info, body, nil).IsID(arg); got != c.want {
			t.Errorf("%s: IsID = %v, want %v", c.fallback, got, c.want)
		}
	}
}
