// Package scaffold plans and writes the files of a new MCP server module
// (`mcpgen new`). Planning is pure — options in, file contents out — and
// writing applies each file's ownership: files the user owns are written
// once and never overwritten; generated files are rewritten every time.
package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
	"github.com/mcpwire/mcpwire/templates"
)

// RuntimeModule is the module a scaffolded server requires: the runtime
// alone, without the tools of the repository's root module.
const RuntimeModule = "github.com/mcpwire/mcpwire/runtime"

// RedisStoreModule is the Redis session store a scaffold made with
// --session-store=redis requires and its -session-store flag opens: a module
// of its own, versioned with the runtime, so that go-redis is in the module
// graph of only the servers that use it.
const RedisStoreModule = "github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore"

// Session stores a scaffold can be wired to (--session-store).
const (
	// StoreMemory keeps sessions in the process (sessionstore.Memory,
	// bounded by sessionstore.DefaultMaxEntries): the default, with nothing
	// but go-sdk and the runtime in the module graph, and no -session-store
	// flag in main.go.
	StoreMemory = "memory"
	// StoreRedis adds main.go's -session-store flag (memory, or a redis://
	// URL every node shares) and the requirement of [RedisStoreModule].
	StoreRedis = "redis"
)

// Versions the scaffold's go.mod names. GoVersion is the runtime module's go
// line (a test keeps them equal), the oldest toolchain the runtime and the
// generated code build with, so a server is not forced onto a newer one.
const (
	GoVersion    = "1.25.0"
	GoSDKVersion = "v1.8.0"
	// ZeroVersion is the placeholder version of a module that a replace
	// directive provides.
	ZeroVersion = "v0.0.0-00010101000000-000000000000"
	// ToolsModule is the module of mcpgen and mcpvet, which tools.mod pins.
	ToolsModule = "github.com/mcpwire/mcpwire"
	// ToolsGoVersion is the go line of tools.mod: the root module's, which
	// the tools need (a test keeps them equal).
	ToolsGoVersion = "1.26.0"
	// ToolsModFile holds the tool dependencies, apart from go.mod.
	ToolsModFile = "tools.mod"
)

// Options describe the module to create.
type Options struct {
	// Module is the new module's path, for example example.com/mysrv.
	Module string
	// Mode selects the eras the generated handler serves; empty is hybrid.
	Mode gen.Mode
	// Replace, when set, is the path of a local mcpwire checkout, written as
	// `replace github.com/mcpwire/mcpwire/runtime => Replace/runtime` so that
	// the module builds against that checkout's runtime.
	Replace string
	// MCPWireVersion is the version of [RuntimeModule] to require; empty
	// means [ZeroVersion], which only builds with Replace set.
	MCPWireVersion string
	// ToolsVersion is the version of [ToolsModule] tools.mod requires; empty
	// means [ZeroVersion], which only builds with Replace set.
	ToolsVersion string
	// SessionStore is [StoreMemory] (also when empty) or [StoreRedis]; Redis
	// needs a mode with sessions.
	SessionStore string
	// Auth is "" (no authorization) or [AuthBearer]: go-sdk's bearer-token
	// middleware, the protected-resource metadata endpoint (RFC 9728) and a
	// token verifier the user writes (auth.go).
	Auth string
}

// AuthBearer is the --auth value that wires bearer tokens.
const AuthBearer = "bearer"

// Redis reports whether o wires the Redis session store.
func (o Options) Redis() bool { return o.SessionStore == StoreRedis }

// ErrInvalidOptions is wrapped by every error [Options.Validate] returns.
var ErrInvalidOptions = gen.ErrInvalidOptions

// Validate reports the first thing wrong with o, naming the flag.
func (o Options) Validate() error {
	if o.Module == "" {
		return fmt.Errorf("%w: --module is required", ErrInvalidOptions)
	}
	if err := module.CheckImportPath(o.Module); err != nil {
		return fmt.Errorf("%w: --module %q is not a valid module path: %v", ErrInvalidOptions, o.Module, err)
	}
	if o.Mode != "" {
		if _, err := gen.ParseMode(string(o.Mode)); err != nil {
			return fmt.Errorf("%w: --mode: %v", ErrInvalidOptions, err)
		}
	}
	switch o.SessionStore {
	case "", StoreMemory:
	case StoreRedis:
		if o.Mode == gen.ModeModern {
			return fmt.Errorf("%w: --session-store=redis: --mode modern has no sessions to store", ErrInvalidOptions)
		}
	default:
		return fmt.Errorf("%w: --session-store %q: want %s or %s", ErrInvalidOptions, o.SessionStore, StoreMemory, StoreRedis)
	}
	if o.Auth != "" && o.Auth != AuthBearer {
		return fmt.Errorf("%w: --auth %q: want %s (or none)", ErrInvalidOptions, o.Auth, AuthBearer)
	}
	if strings.ContainsAny(o.Replace, "\n\"`") {
		return fmt.Errorf("%w: --replace-mcpwire %q is not a usable path", ErrInvalidOptions, o.Replace)
	}
	return nil
}

// Owner says who owns a file, which decides whether it is overwritten.
type Owner int

const (
	// User files are written once; an existing one is left alone.
	User Owner = iota
	// Generated files are rewritten every time and checked by verify.
	Generated
)

func (o Owner) String() string {
	if o == Generated {
		return "generated"
	}
	return "user"
}

// File is one planned file: a slash-separated path relative to the module
// root, its contents and its owner.
type File struct {
	Path  string
	Data  []byte
	Owner Owner
}

// templateData is what the templates in /templates see.
type templateData struct {
	Module, Name, Mode, GoVersion, GoSDKVersion, RuntimeModule, MCPWireVersion, Replace, Out, TestOut string
	// RedisStoreModule is set with --session-store=redis (main.go imports it).
	RedisStoreModule string
	// Sessions is set for modes with sessions.
	Sessions bool
	// Auth is set with --auth=bearer.
	Auth                                       bool
	ToolsGoVersion, ToolsVersion, ToolsReplace string
}

// Plan returns the files of the module, sorted by path.
func Plan(o Options) ([]File, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	cfg := gen.Config{Package: "main", Mode: o.Mode}.Normalize()
	data := templateData{
		Module:         o.Module,
		Name:           ServerName(o.Module),
		Mode:           string(cfg.Mode),
		GoVersion:      GoVersion,
		GoSDKVersion:   GoSDKVersion,
		RuntimeModule:  RuntimeModule,
		MCPWireVersion: o.MCPWireVersion,
		Replace:        RuntimeDir(o.Replace),
		Out:            cfg.Out,
		TestOut:        cfg.TestOut(),
	}
	if data.MCPWireVersion == "" {
		data.MCPWireVersion = ZeroVersion
	}
	data.Sessions = cfg.Mode.Sessions()
	data.Auth = o.Auth == AuthBearer
	if o.Redis() {
		data.RedisStoreModule = RedisStoreModule
	}
	data.ToolsGoVersion, data.ToolsVersion, data.ToolsReplace = ToolsGoVersion, o.ToolsVersion, o.Replace
	if data.ToolsVersion == "" {
		data.ToolsVersion = ZeroVersion
	}

	var files []File
	for _, t := range []struct{ tmpl, out string }{
		{"go.mod.tmpl", "go.mod"},
		{"README.md.tmpl", "README.md"},
		{"gitignore.tmpl", ".gitignore"},
		{"pre-commit-config.yaml.tmpl", ".pre-commit-config.yaml"},
		{"tools.mod.tmpl", ToolsModFile},
		{"auth.go.tmpl", "auth.go"},
		{"auth_test.go.tmpl", "auth_test.go"},
	} {
		if strings.HasPrefix(t.out, "auth") && !data.Auth {
			continue
		}
		b, err := execute(t.tmpl, data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: t.out, Data: b, Owner: User})
	}
	mainGo, err := MainGo(data.Name, cfg, o.Redis(), data.Auth)
	if err != nil {
		return nil, err
	}
	serverGo, err := ServerGo(data.Name, cfg.Mode)
	if err != nil {
		return nil, err
	}
	handler, err := gen.Handler(cfg)
	if err != nil {
		return nil, err
	}
	handlerTest, err := gen.HandlerTest(cfg)
	if err != nil {
		return nil, err
	}
	files = append(files,
		File{Path: "main.go", Data: mainGo, Owner: User},
		File{Path: "server.go", Data: serverGo, Owner: User},
		File{Path: cfg.Out, Data: handler, Owner: Generated},
		File{Path: cfg.TestOut(), Data: handlerTest, Owner: Generated},
	)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// ServerName is the name a module's server goes by: the last element of
// its path, or the one before a major-version suffix (example.com/srv/v2
// and gopkg.in/srv.v2 are "srv", not "v2").
func ServerName(modulePath string) string {
	if prefix, _, ok := module.SplitPathVersion(modulePath); ok && prefix != "" {
		modulePath = prefix
	}
	return path.Base(modulePath)
}

func execute(name string, data templateData) ([]byte, error) {
	t, err := template.New(name).Option("missingkey=error").ParseFS(templates.FS, name)
	if err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	out := b.Bytes()
	if !bytes.HasSuffix(out, []byte("\n")) {
		out = append(out, '\n')
	}
	return out, nil
}

// ErrNotGenerated is returned by [Check] (and the handler command) instead
// of overwriting a file at a generated file's path that mcpgen did not
// write: it is somebody's code.
var ErrNotGenerated = errors.New("refusing to overwrite a file that mcpgen did not generate")

// ErrOtherModule is returned by [Check] when the directory's go.mod is
// another module's: the scaffold's code would not build in it.
var ErrOtherModule = errors.New("go.mod there is another module's")

// Action is what [Write] does with one file.
type Action string

const (
	Created   Action = "created"
	Updated   Action = "updated"   // a generated file rewritten with new contents
	Unchanged Action = "unchanged" // a generated file already up to date
	Skipped   Action = "skipped"   // a user-owned file that already exists
)

// Result is one file's outcome.
type Result struct {
	Path   string
	Action Action
}

// Check decides, reading only, what [Write] would do with each file under
// dir, and returns the first reason it must not write at all: dir is not
// a directory, its go.mod declares a module other than modulePath, or a
// file sits at a generated file's path that mcpgen did not generate.
func Check(dir, modulePath string, files []File) ([]Result, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("%s is a file, not a directory", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var results []Result
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		old, err := os.ReadFile(p)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		exists := err == nil
		action := Created
		switch {
		case exists && (f.Path == "go.mod" || f.Path == ToolsModFile):
			if got := modfile.ModulePath(old); got != modulePath {
				return nil, fmt.Errorf("%w: %s declares module %q, not --module %q", ErrOtherModule, p, got, modulePath)
			}
			action = Skipped
		case exists && f.Owner == User:
			action = Skipped
		case exists && bytes.Equal(old, f.Data):
			action = Unchanged
		case exists && !bytes.HasPrefix(old, []byte(gen.GeneratedHeader+"\n")):
			return nil, fmt.Errorf("%w: %s", ErrNotGenerated, p)
		case exists:
			action = Updated
		}
		results = append(results, Result{f.Path, action})
	}
	return results, nil
}

// RuntimeDir is the runtime module's directory in the checkout at replace,
// spelled as go.mod needs a local path: absolute, or starting with ./ or ../.
func RuntimeDir(replace string) string {
	if replace == "" {
		return ""
	}
	dir := path.Join(replace, "runtime")
	if !path.IsAbs(dir) && !filepath.IsAbs(filepath.FromSlash(dir)) && !strings.HasPrefix(dir, "../") {
		dir = "./" + dir
	}
	return dir
}

// RedisStoreDir is the Redis store module's directory in the checkout at
// replace, spelled like [RuntimeDir].
func RedisStoreDir(replace string) string {
	if replace == "" {
		return ""
	}
	return RuntimeDir(replace) + "/sessionstore/redisstore"
}

// Write writes files under dir after [Check] passes, all or nothing: when
// dir is missing or empty, everything (and whatever prepare adds, such as
// go mod tidy's go.sum) is made in a temporary sibling directory renamed
// to dir at the end; in an existing directory, each file goes through a
// temporary file and a rename, and a failure (of a write or of prepare)
// removes the files written and restores the ones updated. prepare, when
// not nil, runs on the directory holding the complete module before it
// counts as written.
func Write(dir, modulePath string, files []File, prepare func(dir string) error) ([]Result, error) {
	results, err := Check(dir, modulePath, files)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if len(entries) == 0 {
		return results, writeFresh(dir, files, prepare)
	}
	return results, writeInto(dir, files, results, prepare)
}

// writeFresh builds the module in a temporary sibling of dir (so relative
// replace paths resolve the same) and renames it into place.
func writeFresh(dir string, files []File, prepare func(string) error) (err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".mcpgen-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	if prepare != nil {
		if err := prepare(tmp); err != nil {
			return err
		}
	}
	// An empty dir is replaced; a non-empty one cannot appear here unless
	// somebody wrote into it meanwhile, and then Remove fails.
	if err := os.Remove(abs); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Rename(tmp, abs)
}

// writeInto writes the created and updated files into the existing dir,
// undoing every change if one write or prepare fails.
func writeInto(dir string, files []File, results []Result, prepare func(string) error) (err error) {
	type undo struct {
		path string
		old  []byte // nil: the file did not exist
	}
	var undos []undo
	// Files prepare may create or change (go mod edit, go mod tidy).
	for _, name := range []string{"go.mod", "go.sum", ToolsModFile, "tools.sum"} {
		p := filepath.Join(dir, name)
		if old, err := os.ReadFile(p); err == nil {
			undos = append(undos, undo{p, old})
		} else {
			undos = append(undos, undo{p, nil})
		}
	}
	defer func() {
		if err == nil {
			return
		}
		for i := len(undos) - 1; i >= 0; i-- {
			if u := undos[i]; u.old == nil {
				os.Remove(u.path)
			} else {
				os.WriteFile(u.path, u.old, 0o644)
			}
		}
	}()
	for i, f := range files {
		if a := results[i].Action; a != Created && a != Updated {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		old, _ := os.ReadFile(p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		tmp := p + ".mcpgen-tmp"
		if err := os.WriteFile(tmp, f.Data, 0o644); err != nil {
			os.Remove(tmp)
			return err
		}
		if err := os.Rename(tmp, p); err != nil {
			os.Remove(tmp)
			return err
		}
		if results[i].Action == Created {
			old = nil
		}
		undos = append(undos, undo{p, old})
	}
	if prepare != nil {
		return prepare(dir)
	}
	return nil
}

// RelativeReplace turns the --replace-mcpwire path, absolute or relative to
// the working directory, into the path go.mod needs: relative to the module
// directory dir, so that the module builds from any clone that keeps the
// checkout beside it, and a checked-in go.mod names no one's home
// directory. It is cleaned and uses forward slashes. Only a path that has no
// relative form (another Windows volume) stays absolute.
func RelativeReplace(replace, dir string) (string, error) {
	if replace == "" {
		return "", nil
	}
	absReplace, err := filepath.Abs(replace)
	if err != nil {
		return "", err
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absDir, absReplace)
	if err != nil {
		return filepath.ToSlash(absReplace), nil
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, ".") {
		// go.mod needs ./ or ../ to tell a path from a module path.
		rel = "./" + rel
	}
	return rel, nil
}
