package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"

	"github.com/mcpwire/mcpwire/internal/mcpgen/scaffold"
)

// runtimeRequirement is what the module around a generated handler needs so
// that the handler's imports of the runtime resolve.
type runtimeRequirement struct {
	modDir  string // the directory of the module's go.mod
	version string // the version to require
	replace string // the runtime's directory to replace it with, relative to modDir; "" for none
}

// edits are the go mod edit flags that add the requirement.
func (r *runtimeRequirement) edits() []string {
	args := []string{"-require=" + scaffold.RuntimeModule + "@" + r.version}
	if r.replace != "" {
		args = append(args, "-replace="+scaffold.RuntimeModule+"="+r.replace)
	}
	return args
}

// needRuntime finds the go.mod above dir and returns what it lacks for the
// runtime: nil when it already requires or replaces the runtime module, or
// when dir is in no module (the go command will say so). A development build
// of mcpgen without replace cannot name a version that resolves, so it
// refuses with the exact command that fixes the module.
func needRuntime(dir, replace string) (*runtimeRequirement, error) {
	modDir, data, err := findGoMod(dir)
	if err != nil || data == nil {
		return nil, err
	}
	f, err := modfile.Parse(filepath.Join(modDir, "go.mod"), data, nil)
	if err != nil {
		return nil, err
	}
	for _, r := range f.Require {
		if r.Mod.Path == scaffold.RuntimeModule {
			return nil, nil
		}
	}
	for _, r := range f.Replace {
		if r.Old.Path == scaffold.RuntimeModule {
			return nil, nil
		}
	}
	if replace != "" {
		if err := checkCheckout(replace); err != nil {
			return nil, fmt.Errorf("--replace-mcpwire %q: %w", replace, err)
		}
		rel, err := scaffold.RelativeReplace(replace, modDir)
		if err != nil {
			return nil, err
		}
		return &runtimeRequirement{modDir: modDir, version: scaffold.ZeroVersion, replace: scaffold.RuntimeDir(rel)}, nil
	}
	if v := Version(); released(v) {
		return &runtimeRequirement{modDir: modDir, version: runtimeVersion()}, nil
	}
	return nil, fmt.Errorf("%s (module %s) does not require %s, which the handler imports, and this development build of mcpgen cannot tell where your mcpwire checkout is; nothing was written. Pass --replace-mcpwire PATH, or add it yourself and run mcpgen again:\n\tcd %s && go mod edit -require=%s@%s -replace=%s=PATH/TO/mcpwire/runtime",
		filepath.Join(modDir, "go.mod"), f.Module.Mod.Path, scaffold.RuntimeModule, modDir, scaffold.RuntimeModule, scaffold.ZeroVersion, scaffold.RuntimeModule)
}

// findGoMod returns the directory and contents of the go.mod that governs
// dir, or a nil data when there is none.
func findGoMod(dir string) (string, []byte, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	for {
		data, err := os.ReadFile(filepath.Join(abs, "go.mod"))
		if err == nil {
			return abs, data, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", nil, err
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", nil, nil
		}
		abs = parent
	}
}

// addRuntime adds the requirement to the module and tidies it. On failure
// go.mod and go.sum are restored and the error says what to run.
func addRuntime(io IO, r *runtimeRequirement) error {
	saved := map[string][]byte{}
	for _, name := range []string{"go.mod", "go.sum"} {
		if data, err := os.ReadFile(filepath.Join(r.modDir, name)); err == nil {
			saved[name] = data
		}
	}
	err := goCmd(io, r.modDir, append([]string{"mod", "edit"}, r.edits()...)...)
	if err == nil {
		err = goCmd(io, r.modDir, "mod", "tidy")
	}
	if err == nil {
		return nil
	}
	for _, name := range []string{"go.mod", "go.sum"} {
		p := filepath.Join(r.modDir, name)
		if data, ok := saved[name]; ok {
			_ = os.WriteFile(p, data, 0o644)
		} else {
			_ = os.Remove(p)
		}
	}
	return err
}
