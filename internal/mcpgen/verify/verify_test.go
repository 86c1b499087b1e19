package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func generated(t *testing.T, dir string, c gen.Config) {
	t.Helper()
	c = c.Normalize()
	h, err := gen.Handler(c)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, c.Out), h)
	if !c.NoTest {
		ht, err := gen.HandlerTest(c)
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, c.TestOut()), ht)
	}
}

func problems(t *testing.T, root string) string {
	t.Helper()
	res, err := Dir(root)
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, p := range res.Problems {
		s = append(s, p.String())
	}
	return strings.Join(s, "\n")
}

func TestDir(t *testing.T) {
	root := t.TempDir()
	generated(t, filepath.Join(root, "a"), gen.Config{Package: "a"})
	generated(t, filepath.Join(root, "b"), gen.Config{Package: "b", Mode: gen.ModeModern, Out: "h_gen.go", NoTest: true})
	// Not checked: hand-written code, and generated code in skipped dirs.
	write(t, filepath.Join(root, "a", "own.go"), []byte("package a\n"))
	write(t, filepath.Join(root, "testdata", "x_gen.go"), []byte(gen.GeneratedHeader+"\n\nbroken"))
	write(t, filepath.Join(root, "vendor", "x_gen.go"), []byte(gen.GeneratedHeader+"\n\nbroken"))

	res, err := Dir(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Checked, " "); got != "a/mcphandler_gen.go a/mcphandler_gen_test.go b/h_gen.go" {
		t.Errorf("checked %q", got)
	}
	if len(res.Problems) != 0 {
		t.Fatalf("fresh output has problems: %v", res.Problems)
	}

	// A hand edit, a missing test, a test that should not exist, and a
	// file whose header names another file.
	h := filepath.Join(root, "a", "mcphandler_gen.go")
	src, _ := os.ReadFile(h)
	write(t, h, []byte(strings.Replace(string(src), "opts.Mode = mcphttp.Hybrid\n", "", 1)))
	if err := os.Remove(filepath.Join(root, "a", "mcphandler_gen_test.go")); err != nil {
		t.Fatal(err)
	}
	stray, _ := gen.HandlerTest(gen.Config{Package: "b", Mode: gen.ModeModern, Out: "h_gen.go"})
	write(t, filepath.Join(root, "b", "h_gen_test.go"), stray)
	write(t, filepath.Join(root, "b", "renamed.go"), stray)
	write(t, filepath.Join(root, "c", "bad_gen.go"), []byte(gen.GeneratedHeader+"\n\n// mcpgen handler --mode=sideways\n\npackage c\n"))

	want := strings.Join([]string{
		"a/mcphandler_gen.go: stale or edited by hand",
		"a/mcphandler_gen_test.go: missing",
		"b/h_gen_test.go: its handler's header says --test=false, so it should not exist",
		"b/renamed.go: its header names --out=h_gen.go, which is neither this file nor its test",
		"c/bad_gen.go: unreadable mcpgen header",
	}, "\n")
	got := problems(t, root)
	for _, line := range strings.Split(want, "\n") {
		if !strings.Contains(got, line) {
			t.Errorf("problems lack %q; got:\n%s", line, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 5 {
		t.Errorf("%d problems, want 5:\n%s", n, got)
	}
}

func TestDirNotADirectory(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	write(t, f, nil)
	if _, err := Dir(f); err == nil {
		t.Error("Dir on a file succeeded")
	}
	if _, err := Dir(filepath.Join(f, "missing")); err == nil {
		t.Error("Dir on a missing path succeeded")
	}
}

// A file generated for a declared state type is current while the
// declarations are, and stale once they change: verify reads them from the
// package, not from the header.
func TestDirReadsDeclarations(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a temporary module")
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	state := `package a

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

//mcpgen:state
type Visit struct{ Count int }

func NewVisit(*http.Request, string, *mcp.InitializeParams) (*Visit, error) { return &Visit{}, nil }
`
	dir := mcpgentest.Module(t, "example.com/a", map[string][]byte{"state.go": []byte(state)})
	cfg, err := gen.Resolve(dir, gen.Config{Package: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Declared.State != "Visit" || cfg.Declared.New != "NewVisit" || cfg.Declared.Close != "" {
		t.Fatalf("Resolve read %+v", cfg.Declared)
	}
	generated(t, dir, cfg)
	if p := problems(t, dir); p != "" {
		t.Fatalf("fresh output has problems:\n%s", p)
	}
	// A Close method changes the wiring.
	write(t, filepath.Join(dir, "close.go"), []byte("package a\n\nfunc (v *Visit) Close() error { return nil }\n"))
	if p := problems(t, dir); !strings.Contains(p, "mcphandler_gen.go: stale or edited by hand") {
		t.Errorf("after adding Close, problems:\n%s", p)
	}
}
