package cli

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/mod/modfile"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
	"github.com/mcpwire/mcpwire/internal/mcpgen/scaffold"
	"github.com/mcpwire/mcpwire/runtime/mcpwire"
)

// runtimeVersion is the version of the runtime module a released mcpgen
// scaffolds against: the one it was built with (the root module requires a
// tagged runtime/vX.Y.Z in a release), else the runtime's own version constant.
func runtimeVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == scaffold.RuntimeModule && d.Replace == nil && released(d.Version) {
				return d.Version
			}
		}
	}
	return "v" + mcpwire.Version
}

// NewOptions are the inputs of `mcpgen new`.
type NewOptions struct {
	Dir     string
	Module  string
	Mode    string
	Replace string
	// SessionStore is scaffold.StoreMemory or scaffold.StoreRedis.
	SessionStore string
	// Auth is "" or scaffold.AuthBearer.
	Auth string
	// Tidy runs `go mod tidy` in the new module when its go.mod was
	// created, so that it builds at once.
	Tidy bool
}

// NewCmdNew returns `mcpgen new`.
func NewCmdNew(io IO) *cobra.Command {
	opts := &NewOptions{}
	c := &cobra.Command{
		Use:   "new DIR --module PATH",
		Short: "Scaffold a new MCP server module in DIR",
		Long: `Create a complete MCP server module in DIR: go.mod, main.go (flags, graceful
shutdown, an optional expvar debug endpoint), server.go with one example tool,
the generated session-map handler and its test, README.md,
.pre-commit-config.yaml running mcpvet, and .gitignore.

A sessionful server keeps its sessions in the process (a bounded
sessionstore.Memory): its module graph holds go-sdk and the runtime only.
--session-store=redis wires the Redis store instead: main.go gets a
-session-store flag (memory, or a redis:// URL every node shares) and go.mod
requires the module runtime/sessionstore/redisstore (and with it go-redis).

Files you own (go.mod, main.go, server.go, README.md, .gitignore,
.pre-commit-config.yaml) are never overwritten; the generated handler and its
test are rewritten.`,
		Example: `  # a server that builds against this checkout of mcpwire
  mcpgen new /tmp/mysrv --module example.com/mysrv --replace-mcpwire .
  cd /tmp/mysrv && go run .

  # sessions only
  mcpgen new ./legacysrv --module example.com/legacysrv --mode legacy --replace-mcpwire .

  # nodes that share their sessions through Redis
  mcpgen new ./fleet --module example.com/fleet --session-store=redis --replace-mcpwire .`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.Dir = a[0]
			return runNew(c, io, opts)
		},
	}
	c.Flags().StringVar(&opts.Module, "module", "", "module path of the new server, for example example.com/mysrv (required)")
	modeFlag(c, &opts.Mode)
	c.Flags().StringVar(&opts.Replace, "replace-mcpwire", "", "path to a local mcpwire checkout to build against (adds a replace directive)")
	c.Flags().StringVar(&opts.SessionStore, "session-store", scaffold.StoreMemory, "where a sessionful server keeps sessions: memory (this process; no Redis in the module graph) or redis (adds main.go's -session-store flag and the redisstore module)")
	_ = c.RegisterFlagCompletionFunc("session-store", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{
			"memory\tsessions in this process (default)",
			"redis\tsessions in a Redis every node shares",
		}, cobra.ShellCompDirectiveNoFileComp
	})
	c.Flags().StringVar(&opts.Auth, "auth", "", "bearer: serve /mcp behind go-sdk's bearer-token check, with the protected-resource metadata (RFC 9728) and a VerifyToken in auth.go for you to write")
	_ = c.RegisterFlagCompletionFunc("auth", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"bearer\tOAuth bearer tokens; sessions belong to the token's user"}, cobra.ShellCompDirectiveNoFileComp
	})
	c.Flags().BoolVar(&opts.Tidy, "tidy", true, "run go mod tidy in the new module")
	_ = c.MarkFlagRequired("module")
	_ = c.MarkFlagDirname("replace-mcpwire")
	return c
}

func runNew(c *cobra.Command, io IO, opts *NewOptions) error {
	// Everything is checked before anything is written: flags, the
	// --replace-mcpwire checkout, what is on disk, and that the mcpwire
	// requirement resolves.
	mode, err := gen.ParseMode(opts.Mode)
	if err != nil {
		return invalid(c, fmt.Errorf("%w: --mode: %v", gen.ErrInvalidOptions, err))
	}
	replace, err := scaffold.RelativeReplace(opts.Replace, opts.Dir)
	if err != nil {
		return fmt.Errorf("--replace-mcpwire: %w", err)
	}
	if opts.Replace != "" {
		if err := checkCheckout(opts.Replace); err != nil {
			return &UsageError{Err: fmt.Errorf("--replace-mcpwire %q: %w", opts.Replace, err), Cmd: c.CommandPath()}
		}
	}
	so := scaffold.Options{Module: opts.Module, Mode: mode, Replace: replace, SessionStore: opts.SessionStore, Auth: opts.Auth}
	if v := Version(); released(v) {
		so.MCPWireVersion, so.ToolsVersion = runtimeVersion(), v
	}
	files, err := scaffold.Plan(so)
	if err != nil {
		return invalid(c, err)
	}
	results, err := scaffold.Check(opts.Dir, opts.Module, files)
	if err != nil {
		return &ConflictError{err}
	}
	action := map[string]scaffold.Action{}
	for _, r := range results {
		action[r.Path] = r.Action
	}
	if err := checkPackage(opts.Dir, files, action); err != nil {
		return &ConflictError{err}
	}
	existingGoMod := action["go.mod"] == scaffold.Skipped
	if replace == "" && !(existingGoMod && replaceTarget(filepath.Join(opts.Dir, "go.mod"), scaffold.RuntimeModule) != "") {
		if err := checkResolves(so); err != nil {
			return err
		}
	}

	// Write: a new module is made complete (go mod tidy included) in a
	// temporary directory and renamed into place. In an existing module the
	// go.mod edits and go mod tidy run as part of the write too, so a
	// failure restores go.mod, go.sum, tools.mod and tools.sum and removes
	// the files written.
	var edited []string
	prepare := func(dir string) error {
		if existingGoMod {
			var err error
			if edited, err = editExisting(io, dir, replace, so.Redis(), action); err != nil {
				return err
			}
		}
		if opts.Tidy {
			return tidy(io, dir)
		}
		return nil
	}
	if _, err := scaffold.Write(opts.Dir, opts.Module, files, prepare); err != nil {
		if errors.Is(err, scaffold.ErrNotGenerated) || errors.Is(err, scaffold.ErrOtherModule) {
			return &ConflictError{err} // the directory changed since Check
		}
		return fmt.Errorf("%w (nothing was written)", err)
	}
	for _, r := range results {
		fmt.Fprintf(io.Out, "%-9s %s\n", r.Action, filepath.Join(opts.Dir, r.Path))
	}
	for _, e := range edited {
		// Only the file name is joined: Join would clean the ../ out of
		// the replace path that follows it.
		file, detail, _ := strings.Cut(e, " ")
		fmt.Fprintf(io.Out, "%-9s %s %s\n", "edited", filepath.Join(opts.Dir, file), detail)
	}
	fmt.Fprintf(io.Out, "\nNext: cd %s && go run .\n", opts.Dir)
	return nil
}

// editExisting brings an existing module's go.mod and tools.mod in line:
// with --replace-mcpwire, go.mod replaces the runtime module and tools.mod
// the root module (the tools) and the runtime it requires, since a
// dependency's own replace directives do not apply; a tools.mod created
// here also takes go.mod's other replace directives, so that tidying it
// (which loads the module's own packages) resolves what go.mod does. It
// returns what it changed, as "FILE (replace OLD => NEW)".
func editExisting(io IO, dir, replace string, redis bool, action map[string]scaffold.Action) ([]string, error) {
	type edit struct{ file, module, to string }
	var edits []edit
	if replace != "" {
		edits = append(edits,
			edit{"go.mod", scaffold.RuntimeModule, scaffold.RuntimeDir(replace)},
			edit{scaffold.ToolsModFile, scaffold.ToolsModule, replace},
			edit{scaffold.ToolsModFile, scaffold.RuntimeModule, scaffold.RuntimeDir(replace)})
		if redis {
			edits = append(edits,
				edit{"go.mod", scaffold.RedisStoreModule, scaffold.RedisStoreDir(replace)},
				edit{scaffold.ToolsModFile, scaffold.RedisStoreModule, scaffold.RedisStoreDir(replace)})
		}
	}
	if action[scaffold.ToolsModFile] == scaffold.Created {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err != nil {
			return nil, err
		}
		f, err := modfile.Parse("go.mod", data, nil)
		if err != nil {
			return nil, err
		}
		for _, r := range f.Replace {
			if r.Old.Path == scaffold.ToolsModule || (replace != "" && (r.Old.Path == scaffold.RuntimeModule || (redis && r.Old.Path == scaffold.RedisStoreModule))) {
				continue
			}
			to := r.New.Path
			if r.New.Version != "" {
				to += "@" + r.New.Version
			}
			edits = append(edits, edit{scaffold.ToolsModFile, r.Old.Path, to})
		}
	}
	var done []string
	for _, e := range edits {
		target := replaceTarget(filepath.Join(dir, e.file), e.module)
		if target == e.to || (e.file == "go.mod" && action["go.mod"] != scaffold.Skipped) {
			continue
		}
		if err := goCmd(io, dir, "mod", "edit", "-modfile="+e.file, "-replace="+e.module+"="+e.to); err != nil {
			return nil, err
		}
		if e.file == "go.mod" || action[e.file] != scaffold.Created {
			done = append(done, fmt.Sprintf("%s (replace %s => %s)", e.file, e.module, e.to))
		}
	}
	return done, nil
}

// checkCheckout reports why dir is not a checkout of mcpwire: no go.mod,
// or one of another module, at its root or for its runtime.
func checkCheckout(dir string) error {
	for _, m := range []struct{ file, module string }{
		{"go.mod", scaffold.ToolsModule},
		{filepath.Join("runtime", "go.mod"), scaffold.RuntimeModule},
	} {
		data, err := os.ReadFile(filepath.Join(dir, m.file))
		if err != nil {
			return fmt.Errorf("no %s there (want a checkout of %s)", filepath.ToSlash(m.file), scaffold.ToolsModule)
		}
		if got := modfile.ModulePath(data); got != m.module {
			return fmt.Errorf("its %s is module %q, not %s", filepath.ToSlash(m.file), got, m.module)
		}
	}
	return nil
}

// replaceTarget is where the go.mod at path replaces module, or "".
func replaceTarget(path, module string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return ""
	}
	for _, r := range f.Replace {
		if r.Old.Path == module {
			return r.New.Path
		}
	}
	return ""
}

// checkResolves makes sure the mcpwire versions the scaffold would
// require (the runtime in go.mod, the tools in tools.mod) can be
// downloaded, so `new` does not write a module that cannot build. A
// development build of mcpgen requires a placeholder version no proxy
// serves; it needs --replace-mcpwire.
func checkResolves(so scaffold.Options) error {
	if so.MCPWireVersion == "" {
		return fmt.Errorf("this mcpgen is a development build (%s), so the scaffold would require mcpwire %s, which no proxy serves: pass --replace-mcpwire PATH with a mcpwire checkout", Version(), scaffold.ZeroVersion)
	}
	mods := []string{scaffold.RuntimeModule + "@" + so.MCPWireVersion, scaffold.ToolsModule + "@" + so.ToolsVersion}
	if so.Redis() {
		mods = append(mods, scaffold.RedisStoreModule+"@"+so.MCPWireVersion)
	}
	for _, m := range mods {
		cmd := exec.Command("go", "mod", "download", "-json", m)
		cmd.Dir = os.TempDir() // outside any module, so only the proxy decides
		out, err := cmd.Output()
		if err != nil {
			var res struct{ Error string }
			_ = json.Unmarshal(out, &res)
			return fmt.Errorf("%s does not resolve (%s): pass --replace-mcpwire PATH with a mcpwire checkout", m, oneLine(cmp.Or(res.Error, err.Error())))
		}
	}
	return nil
}

// oneLine folds the go command's multi-line messages into one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// tidy runs go mod tidy on go.mod and on tools.mod in dir.
func tidy(io IO, dir string) error {
	for _, args := range [][]string{{"mod", "tidy"}, {"mod", "tidy", "-modfile=" + scaffold.ToolsModFile}} {
		if _, err := os.Stat(filepath.Join(dir, scaffold.ToolsModFile)); err != nil && len(args) == 3 {
			continue
		}
		if err := goCmd(io, dir, args...); err != nil {
			return err
		}
	}
	return nil
}

// goCmd runs the go command in dir; its output goes to stderr, and a
// failure names the command.
func goCmd(io IO, dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = io.Err, io.Err
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

// errNoPackage is the handler command's error when neither --package nor
// $GOPACKAGE names the package.
var errNoPackage = errors.New("--package is required (or run it from //go:generate, which sets $GOPACKAGE)")
