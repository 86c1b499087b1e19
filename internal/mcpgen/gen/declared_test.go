package gen

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// TestResolveRefuses checks that a declaration the wiring cannot call is
// refused with what to declare instead, and that a package declaring
// nothing is resolved without loading it.
func TestResolveRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a temporary module")
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	const imports = "package p\n\nimport (\n\t\"net/http\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\nvar _ *mcp.InitializeParams\nvar _ *http.Request\n\n"
	cases := []struct {
		name, src string
		cfg       Config
		want      string
	}{
		{"no constructor", "//mcpgen:state\ntype S struct{}\n", Config{}, "no constructor for the state S: declare NewS (r *http.Request, principal string, params *mcp.InitializeParams) (*S, error)"},
		{"wrong constructor", "//mcpgen:state\ntype S struct{}\n\nfunc NewS() *S { return nil }\n", Config{}, "NewS is not the state's constructor"},
		{"two constructors", "//mcpgen:state\ntype S struct{}\n\nfunc A(*http.Request, string, *mcp.InitializeParams) (*S, error) { return nil, nil }\nfunc B(*http.Request, string, *mcp.InitializeParams) (*S, error) { return nil, nil }\n", Config{}, "2 constructors for the state S (A, B)"},
		{"two states", "//mcpgen:state\ntype S struct{}\n\n//mcpgen:state\ntype T struct{}\n", Config{}, "marks 2 types (S, T)"},
		{"flag and directive disagree", "//mcpgen:state\ntype S struct{}\n\ntype T struct{}\n", Config{State: "T"}, "--state=T, but //mcpgen:state marks S"},
		{"no such type", "type S struct{}\n", Config{State: "Missing"}, "no type Missing declared in package p"},
		{"interface", "//mcpgen:state\ntype S interface{ M() }\n", Config{}, "S is an interface"},
		{"odd Close", "//mcpgen:state\ntype S struct{}\n\nfunc NewS(*http.Request, string, *mcp.InitializeParams) (*S, error) { return nil, nil }\nfunc (*S) Close(int) {}\n", Config{}, "S.Close is func(int)"},
		{"modern mode", "//mcpgen:state\ntype S struct{}\n", Config{Mode: ModeModern}, "needs sessions"},
		{"tenant without a server", "//mcpgen:tenant\nfunc T(*http.Request, string) string { return \"\" }\n", Config{}, "marks T, but no //mcpgen:server function"},
		{"server signature", "//mcpgen:server\nfunc S() *mcp.Server { return nil }\n", Config{}, "marks S, which is not a func(tenant string) *mcp.Server"},
		{"principal signature", "//mcpgen:principal\nfunc P(r *http.Request) int { return 0 }\n", Config{}, "marks P, which is not a func(*http.Request) string"},
	}
	files := map[string][]byte{}
	for i, c := range cases {
		files[filepath.Join("c"+string(rune('a'+i)), "p.go")] = []byte(imports + c.src)
	}
	mod := mcpgentest.Module(t, "example.com/resolve", files)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.cfg.Package = "p"
			_, err := Resolve(filepath.Join(mod, "c"+string(rune('a'+i))), c.cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Resolve = %v, want an error containing %q", err, c.want)
			}
			if err != nil && !errors.Is(err, ErrDeclaration) {
				t.Errorf("Resolve = %v, not an ErrDeclaration", err)
			}
		})
	}
	// Nothing marked and no --state: resolved from the syntax alone, even
	// where the package would not load.
	dir := t.TempDir()
	got, err := Resolve(dir, Config{Package: "p"})
	if err != nil || got.Declared != (Declared{}) {
		t.Errorf("Resolve of an empty directory = %+v, %v", got.Declared, err)
	}
}
