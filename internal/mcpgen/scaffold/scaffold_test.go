package scaffold

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// scenarios are scaffold inputs whose user-owned files are pinned by
// goldens (the generated ones are pinned in the gen package) and which are
// built in a temporary module.
var scenarios = []struct {
	name string
	opts Options
}{
	{"hybrid-replace", Options{Module: "example.com/mysrv", Replace: "../mcpwire"}},
	{"legacy-released", Options{Module: "example.com/team/legacysrv", Mode: gen.ModeLegacy, MCPWireVersion: "v0.1.0", ToolsVersion: "v0.1.0"}},
	{"modern", Options{Module: "example.com/modernsrv", Mode: gen.ModeModern, Replace: "/src/mcpwire"}},
	{"hybrid-redis", Options{Module: "example.com/fleet", Replace: "../mcpwire", SessionStore: StoreRedis}},
	{"hybrid-auth", Options{Module: "example.com/authsrv", Replace: "../mcpwire", Auth: AuthBearer}},
}

func plan(t *testing.T, o Options) []File {
	t.Helper()
	files, err := Plan(o)
	if err != nil {
		t.Fatalf("Plan(%+v): %v", o, err)
	}
	return files
}

func TestPlanGolden(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			files := plan(t, sc.opts)
			var names []string
			for _, f := range files {
				names = append(names, f.Path+":"+f.Owner.String())
				if f.Owner == Generated {
					continue
				}
				golden := filepath.Join("testdata", sc.name, f.Path+".golden")
				if *update {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if !bytes.Equal(f.Data, want) {
					t.Errorf("%s differs from %s; run go test ./internal/mcpgen/scaffold -update and review the diff", f.Path, golden)
				}
			}
			want := ".gitignore:user .pre-commit-config.yaml:user README.md:user go.mod:user main.go:user mcphandler_gen.go:generated mcphandler_gen_test.go:generated server.go:user tools.mod:user"
			if sc.opts.Auth == AuthBearer {
				want = strings.Replace(want, "README.md:user ", "README.md:user auth.go:user auth_test.go:user ", 1)
			}
			if got := strings.Join(names, " "); got != want {
				t.Errorf("files:\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestPlanGeneratedFilesAreTheGenerators(t *testing.T) {
	files := plan(t, Options{Module: "example.com/x", Mode: gen.ModeLegacy})
	cfg := gen.Config{Package: "main", Mode: gen.ModeLegacy}
	h, _ := gen.Handler(cfg)
	ht, _ := gen.HandlerTest(cfg)
	for _, f := range files {
		switch f.Path {
		case "mcphandler_gen.go":
			if !bytes.Equal(f.Data, h) {
				t.Error("mcphandler_gen.go is not gen.Handler's output")
			}
		case "mcphandler_gen_test.go":
			if !bytes.Equal(f.Data, ht) {
				t.Error("mcphandler_gen_test.go is not gen.HandlerTest's output")
			}
		}
	}
}

func TestPlanInvalid(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{}, "--module is required"},
		{Options{Module: "has space/x"}, `--module "has space/x" is not a valid module path`},
		{Options{Module: "/abs"}, `--module "/abs" is not a valid module path`},
		{Options{Module: "example.com/x", Mode: "both"}, `--mode: unknown mode "both"`},
		{Options{Module: "example.com/x", Replace: "a\"b"}, `--replace-mcpwire "a\"b"`},
		{Options{Module: "example.com/x", SessionStore: "etcd"}, `--session-store "etcd": want memory or redis`},
		{Options{Module: "example.com/x", SessionStore: "Redis"}, `--session-store "Redis": want memory or redis`},
		{Options{Module: "example.com/x", Mode: gen.ModeModern, SessionStore: StoreRedis}, "--session-store=redis: --mode modern has no sessions to store"},
	} {
		_, err := Plan(tc.opts)
		if err == nil || !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Plan(%+v) = %v, want an ErrInvalidOptions containing %q", tc.opts, err, tc.want)
		}
	}
}

func TestWriteOwnership(t *testing.T) {
	dir := t.TempDir()
	files := []File{
		{Path: "mine.go", Data: []byte("new\n"), Owner: User},
		{Path: "fresh.go", Data: []byte("fresh\n"), Owner: User},
		{Path: "gen.go", Data: []byte("generated\n"), Owner: Generated},
		{Path: "same_gen.go", Data: []byte("same\n"), Owner: Generated},
		{Path: "sub/dir/x.txt", Data: []byte("x\n"), Owner: User},
	}
	for name, data := range map[string]string{"mine.go": "mine\n", "gen.go": gen.GeneratedHeader + "\n\nold\n", "same_gen.go": "same\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	results, err := Write(dir, "example.com/x", files, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []Result{{"mine.go", Skipped}, {"fresh.go", Created}, {"gen.go", Updated}, {"same_gen.go", Unchanged}, {"sub/dir/x.txt", Created}}
	if len(results) != len(want) {
		t.Fatalf("results %v, want %v", results, want)
	}
	for i := range want {
		if results[i] != want[i] {
			t.Errorf("result %d = %v, want %v", i, results[i], want[i])
		}
	}
	for name, data := range map[string]string{"mine.go": "mine\n", "fresh.go": "fresh\n", "gen.go": "generated\n", "sub/dir/x.txt": "x\n"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != data {
			t.Errorf("%s = %q, %v; want %q", name, got, err, data)
		}
	}
}

func TestWriteRefusesToOverwriteForeignFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "mcphandler_gen.go")
	if err := os.WriteFile(p, []byte("package main // mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Write(dir, "example.com/x", []File{{Path: "a.go", Data: []byte("a"), Owner: User}, {Path: "mcphandler_gen.go", Data: []byte("x"), Owner: Generated}}, nil)
	if !errors.Is(err, ErrNotGenerated) {
		t.Fatalf("Write = %v, want ErrNotGenerated", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "package main // mine\n" {
		t.Errorf("the file was changed to %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.go")); err == nil {
		t.Errorf("a.go was written although the write was refused")
	}
}

// TestWriteRefusesAnotherModule: a go.mod of another module is a conflict,
// found before anything is written.
func TestWriteRefusesAnotherModule(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []File{{Path: "a.go", Data: []byte("a"), Owner: User}, {Path: "go.mod", Data: []byte("module example.com/x\n"), Owner: User}}
	if _, err := Write(dir, "example.com/x", files, nil); !errors.Is(err, ErrOtherModule) {
		t.Fatalf("Write = %v, want ErrOtherModule", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.go")); err == nil {
		t.Errorf("a.go was written although the write was refused")
	}
}

// TestWriteAllOrNothing: when prepare (go mod tidy) fails, a new module's
// directory does not appear, and in an existing directory the created
// files are removed and the updated ones restored.
func TestWriteAllOrNothing(t *testing.T) {
	boom := errors.New("tidy failed")
	fail := func(dir string) error {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			t.Errorf("prepare ran on %s without the module's files", dir)
		}
		os.WriteFile(filepath.Join(dir, "go.sum"), []byte("x"), 0o644)
		return boom
	}
	files := []File{
		{Path: "go.mod", Data: []byte("module example.com/x\n"), Owner: User},
		{Path: "gen.go", Data: []byte(gen.GeneratedHeader + "\n\nnew\n"), Owner: Generated},
	}
	parent := t.TempDir()
	fresh := filepath.Join(parent, "fresh")
	if _, err := Write(fresh, "example.com/x", files, fail); !errors.Is(err, boom) {
		t.Fatalf("Write = %v, want %v", err, boom)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("a failed fresh write left %v", entries)
	}

	dir := t.TempDir()
	old := gen.GeneratedHeader + "\n\nold\n"
	for name, data := range map[string]string{"gen.go": old, "keep.txt": "mine"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Write(dir, "example.com/x", files, fail); !errors.Is(err, boom) {
		t.Fatalf("Write = %v, want %v", err, boom)
	}
	for _, name := range []string{"go.mod", "go.sum"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s is left after a failed write", name)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "gen.go")); string(got) != old {
		t.Errorf("gen.go = %q, want it restored", got)
	}
}

func TestPlanAcceptsModulePathWithoutDot(t *testing.T) {
	if _, err := Plan(Options{Module: "mysrv"}); err != nil {
		t.Errorf("Plan(mysrv): %v", err)
	}
}

func TestRelativeReplace(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ replace, dir, want string }{
		{"", "x", ""},
		{".", "examples/sample", "../.."},
		{"/abs/mcpwire/", "/abs/srv", "../mcpwire"},
		{"/abs/mcpwire", "/other/team/srv", "../../../abs/mcpwire"},
		{filepath.Join(wd, "co"), "srv", "../co"},
		{"../mcpwire", "srv", "../../mcpwire"},
		{"sub/mcpwire", ".", "./sub/mcpwire"},
		{".", filepath.Join(wd, "a"), ".."},
	} {
		got, err := RelativeReplace(tc.replace, tc.dir)
		if err != nil || got != tc.want {
			t.Errorf("RelativeReplace(%q, %q) = %q, %v; want %q", tc.replace, tc.dir, got, err, tc.want)
		}
	}
}

// The versions the scaffold's go.mod names are the ones the runtime module
// builds with, and the root module requires the same go-sdk.
func TestVersionsMatchRepository(t *testing.T) {
	root := mcpgentest.RepoRoot(t)
	runtimeMod, err := os.ReadFile(filepath.Join(root, "runtime", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`(?m)^module (\S+)$`).FindSubmatch(runtimeMod); m == nil || string(m[1]) != RuntimeModule {
		t.Errorf("runtime/go.mod's module line is %q, RuntimeModule is %q", m, RuntimeModule)
	}
	if m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(runtimeMod); m == nil || string(m[1]) != GoVersion {
		t.Errorf("runtime/go.mod's go line is %q, GoVersion is %q", m, GoVersion)
	}
	rootMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, gomod := range map[string][]byte{"runtime/go.mod": runtimeMod, "go.mod": rootMod} {
		if !regexp.MustCompile(`(?m)^\s*github.com/modelcontextprotocol/go-sdk ` + regexp.QuoteMeta(GoSDKVersion) + `\b`).Match(gomod) {
			t.Errorf("%s does not require go-sdk %s", name, GoSDKVersion)
		}
	}
}

func TestRuntimeDir(t *testing.T) {
	for _, tc := range []struct{ replace, want string }{
		{"", ""},
		{".", "./runtime"},
		{"..", "../runtime"},
		{"../..", "../../runtime"},
		{"./mcpwire", "./mcpwire/runtime"},
		{"/src/mcpwire", "/src/mcpwire/runtime"},
	} {
		if got := RuntimeDir(tc.replace); got != tc.want {
			t.Errorf("RuntimeDir(%q) = %q, want %q", tc.replace, got, tc.want)
		}
	}
}

// TestScaffoldBuilds writes each scenario with a replace to this checkout
// and vets it; in CI (or MCPWIRE_SLOW=1) it runs the scaffold's tests too.
func TestScaffoldBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds temporary modules")
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			o := sc.opts
			o.Replace = mcpgentest.RepoRoot(t)
			o.MCPWireVersion = ""
			dir := t.TempDir()
			if _, err := Write(dir, o.Module, plan(t, o), nil); err != nil {
				t.Fatal(err)
			}
			mcpgentest.Go(t, dir, "vet", "./...")
			checkFootprint(t, dir, o.Redis())
			if mcpgentest.Slow() {
				mcpgentest.Go(t, dir, "test", "-count=1", "./...")
			}
		})
	}
}

// TestServerName: a major-version suffix is not the server's name.
func TestServerName(t *testing.T) {
	for path, want := range map[string]string{
		"example.com/srv":        "srv",
		"example.com/srv/v2":     "srv",
		"example.com/a/srv/v10":  "srv",
		"gopkg.in/srv.v3":        "srv",
		"example.com/v2thing":    "v2thing",
		"srv":                    "srv",
		"example.com/srv/v1/sub": "sub",
	} {
		if got := ServerName(path); got != want {
			t.Errorf("ServerName(%q) = %q, want %q", path, got, want)
		}
	}
}

// toolModules are what the repository's root module needs for mcpvet and
// mcpgen and a server must not inherit: the root module itself and every
// direct requirement of it that the runtime module does not share.
var toolModules = []string{
	"github.com/mcpwire/mcpwire",
	"github.com/dave/jennifer",
	"github.com/golangci/plugin-module-register",
	"github.com/mark3labs/mcp-go",
	"github.com/rogpeppe/go-internal",
	"github.com/spf13/cobra",
	"golang.org/x/mod",
}

// checkFootprint fails unless the scaffolded module at dir needs only the
// runtime module and what that module itself needs (issue 9's footprint
// rule): its `go mod graph` names no module outside the runtime's own graph
// and none of [toolModules], and it links no golang.org/x/tools package
// (go-sdk's go.mod names x/tools, so the module appears, but no package is
// built). With redis (--session-store=redis) the Redis store's module and
// its graph are allowed too, and must be there; without, go-redis must not
// appear at all.
func checkFootprint(t *testing.T, dir string, redis bool) {
	t.Helper()
	mcpgentest.Go(t, dir, "mod", "tidy")
	root := mcpgentest.RepoRoot(t)
	allowed := graphModules(mcpgentest.Go(t, filepath.Join(root, "runtime"), "mod", "graph"))
	allowed[RuntimeModule] = true
	if redis {
		for mod := range graphModules(mcpgentest.Go(t, filepath.Join(root, "runtime", "sessionstore", "redisstore"), "mod", "graph")) {
			allowed[mod] = true
		}
		allowed[RedisStoreModule] = true
	}
	var sawRedis, sawStore bool
	for mod := range graphModules(mcpgentest.Go(t, dir, "mod", "graph")) {
		path, _, _ := strings.Cut(mod, "@")
		for _, tool := range toolModules {
			if path == tool {
				t.Errorf("the scaffold's module graph holds %s, a module of mcpwire's tools", mod)
			}
		}
		sawRedis = sawRedis || path == goRedisModule
		sawStore = sawStore || path == RedisStoreModule
		// The scaffold's own module is the one node without a version; the
		// modules a replace provides appear as their path with the
		// placeholder version, or bare.
		if strings.Contains(mod, "@") && !allowed[mod] && !allowed[path] {
			t.Errorf("the scaffold's module graph holds %s, which the runtime module's graph does not", mod)
		}
	}
	if sawRedis != redis || sawStore != redis {
		t.Errorf("the scaffold's module graph holds go-redis: %v, the Redis store: %v; want %v (--session-store=redis: %v)", sawRedis, sawStore, redis, redis)
	}
	for _, pkg := range strings.Fields(mcpgentest.Go(t, dir, "list", "-deps", "./...")) {
		if strings.HasPrefix(pkg, "golang.org/x/tools/") {
			t.Errorf("the scaffold links %s", pkg)
		}
	}
}

// goRedisModule is the Redis client the Redis store is built on.
const goRedisModule = "github.com/redis/go-redis/v9"

// graphModules returns the set of module@version nodes of `go mod graph`
// output (the main module appears without a version).
func graphModules(graph string) map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(graph, "\n") {
		for _, node := range strings.Fields(line) {
			set[node] = true
		}
	}
	return set
}
