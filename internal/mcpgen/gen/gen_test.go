package gen

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// scenarios are the generator inputs whose outputs are pinned by goldens
// and compiled.
var scenarios = []struct {
	name string
	cfg  Config
	// src is the directory under testdata/src of the user's package the
	// declarations are read from, "" for none.
	src string
}{
	{"hybrid", Config{Package: "mcphandler"}, ""},
	{"legacy", Config{Package: "mcphandler", Mode: ModeLegacy}, ""},
	{"modern", Config{Package: "mcphandler", Mode: ModeModern}, ""},
	{"custom-out", Config{Package: "server", Mode: ModeHybrid, Out: "session_gen.go"}, ""},
	{"no-test", Config{Package: "mcphandler", Mode: ModeLegacy, NoTest: true}, ""},
	// A state type marked //mcpgen:state, with NewSession and Close() error,
	// kept as JSON.
	{"state", Config{Package: "mcphandler"}, "state"},
	// A state named by --state whose constructor is found by its
	// signature, with Close() and its own binary encoding, and a principal
	// hook.
	{"hooks", Config{Package: "server", Mode: ModeLegacy, State: "Cart"}, "hooks"},
}

// resolved holds the scenarios resolve has loaded, so each scenario's
// package is loaded (a go list run) once for all the tests that use it.
var resolved = struct {
	sync.Mutex
	m map[resolveKey]Config
}{m: map[resolveKey]Config{}}

type resolveKey struct {
	cfg Config
	src string
}

// resolve reads a scenario's declarations from its package.
func resolve(t *testing.T, c Config, src string) Config {
	t.Helper()
	if src == "" {
		return c
	}
	resolved.Lock()
	defer resolved.Unlock()
	key := resolveKey{c, src}
	if got, ok := resolved.m[key]; ok {
		return got
	}
	c, err := Resolve(filepath.Join("testdata", "src", src), c)
	if err != nil {
		t.Fatalf("Resolve(%s): %v", src, err)
	}
	resolved.m[key] = c
	return c
}

// source returns the files of a scenario's package, by name.
func source(t *testing.T, src string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	if src == "" {
		return files
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "src", src))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("testdata", "src", src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// generate returns the files a scenario writes, by name.
func generate(t *testing.T, c Config) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	src, err := Handler(c)
	if err != nil {
		t.Fatalf("Handler(%+v): %v", c, err)
	}
	files[c.Normalize().Out] = src
	if !c.NoTest {
		src, err := HandlerTest(c)
		if err != nil {
			t.Fatalf("HandlerTest(%+v): %v", c, err)
		}
		files[c.TestOut()] = src
	}
	return files
}

func TestGolden(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			for name, got := range generate(t, resolve(t, sc.cfg, sc.src)) {
				golden := filepath.Join("testdata", sc.name, name+".golden")
				if *update {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from %s; run go test ./internal/mcpgen/gen -update and review the diff", name, golden)
				}
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, sc := range scenarios {
		c := resolve(t, sc.cfg, sc.src)
		a, b := generate(t, c), generate(t, c)
		for name := range a {
			if !bytes.Equal(a[name], b[name]) {
				t.Errorf("%s: %s differs between two runs", sc.name, name)
			}
		}
	}
}

func TestHeader(t *testing.T) {
	for name, src := range generate(t, Config{Package: "p", Mode: ModeLegacy}) {
		first, rest, _ := strings.Cut(string(src), "\n\n")
		if first != GeneratedHeader {
			t.Errorf("%s: first block %q, want the generated marker alone", name, first)
		}
		args, err := ParseHeader(src)
		if err != nil {
			t.Fatalf("%s: ParseHeader: %v", name, err)
		}
		if args != (Config{Package: "p", Mode: ModeLegacy, Out: DefaultOut}) {
			t.Errorf("%s: header gives %+v", name, args)
		}
		if line, _, _ := strings.Cut(rest, "\n"); strings.Contains(strings.ToLower(line), "version") {
			t.Errorf("%s: header line %q names a version, which would make every regeneration a diff", name, line)
		}
	}
}

func TestInvalidConfig(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "--package is required"},
		{Config{Package: "my-pkg"}, `--package "my-pkg" is not a Go package name`},
		{Config{Package: "_"}, `--package "_"`},
		{Config{Package: "p", Mode: "both"}, `--mode: unknown mode "both" (want one of hybrid, legacy, modern)`},
		{Config{Package: "p", Out: "dir/x.go"}, `--out "dir/x.go" must be a file name`},
		{Config{Package: "p", Out: "x.txt"}, `--out "x.txt"`},
		{Config{Package: "p", Out: "x_test.go"}, `--out "x_test.go"`},
	} {
		_, err := Handler(tc.cfg)
		if err == nil || !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Handler(%+v) = %v, want an ErrInvalidOptions containing %q", tc.cfg, err, tc.want)
		}
		if _, err := HandlerTest(tc.cfg); err == nil {
			t.Errorf("HandlerTest(%+v) succeeded", tc.cfg)
		}
	}
}

func TestParseArgsRoundTrip(t *testing.T) {
	for _, sc := range scenarios {
		c := sc.cfg.Normalize()
		got, err := ParseArgs(c.Args())
		if err != nil {
			t.Fatalf("ParseArgs(%q): %v", c.Args(), err)
		}
		if got != c {
			t.Errorf("ParseArgs(%q) = %+v, want %+v", c.Args(), got, c)
		}
	}
	for _, bad := range [][]string{{"--package"}, {"--package=p", "--bogus=1"}, {"--package=p", "--test=maybe"}, {"positional"}} {
		if _, err := ParseArgs(bad); err == nil {
			t.Errorf("ParseArgs(%q) succeeded", bad)
		}
	}
}

// TestCompiles builds every scenario's output in a module that uses this
// checkout through a replace directive and vets it; with MCPWIRE_SLOW=1 or
// CI=true it also runs the generated tests there.
func TestCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds temporary modules")
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			files := source(t, sc.src)
			for name, src := range generate(t, resolve(t, sc.cfg, sc.src)) {
				files[name] = src
			}
			dir := mcpgentest.Module(t, "example.com/"+sc.name, files)
			mcpgentest.Go(t, dir, "vet", "./...")
			if mcpgentest.Slow() && !sc.cfg.NoTest {
				mcpgentest.Go(t, dir, "test", "-count=1", "-race", "./...")
			}
		})
	}
}
