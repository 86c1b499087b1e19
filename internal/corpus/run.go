package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Env is the environment every go and mcpvet command of a run gets: module
// mode with go.mod updated as needed (a module's own go.sum may lack what
// the local toolchain wants), no workspace of the caller's, and the local
// toolchain (a module asking for a newer Go is a load error to see, not a
// download to make).
var Env = []string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local"}

// Download fetches module@version through the module proxy into the module
// cache (a no-op when it is there) and returns its directory and the path
// of its go.mod as the proxy serves it.
func Download(ctx context.Context, modVersion string) (dir, gomod string, err error) {
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", modVersion)
	cmd.Env = append(os.Environ(), Env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, GoMod, Error string }
	if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
		return "", "", fmt.Errorf("go mod download %s: %s", modVersion, info.Error)
	}
	if err != nil {
		return "", "", fmt.Errorf("go mod download %s: %v: %s", modVersion, err, strings.TrimSpace(stderr.String()))
	}
	if info.Dir == "" {
		return "", "", fmt.Errorf("go mod download %s: no directory in %s", modVersion, out)
	}
	return info.Dir, info.GoMod, nil
}

// WorkCopy copies a module from the read-only module cache into a fresh
// writable directory under tmp, where the go command may add go.sum lines
// (and go.mod, for a module that predates modules, from the proxy's).
func WorkCopy(src, gomod, tmp string) (string, error) {
	dst, err := os.MkdirTemp(tmp, "mod-")
	if err != nil {
		return "", err
	}
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		return "", fmt.Errorf("copy %s: %v", src, err)
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); os.IsNotExist(err) && gomod != "" {
		b, err := os.ReadFile(gomod)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dst, "go.mod"), b, 0o644); err != nil {
			return "", err
		}
	}
	return dst, nil
}

// Packages are the package patterns to analyze in a module: the directories
// holding its labelled files. The corpus judges those packages; the rest of
// a module is outside it.
func Packages(sites []Site) []string {
	var pkgs []string
	for _, s := range sites {
		p := "./" + path.Dir(s.File)
		if p == "./." {
			p = "."
		}
		if !slices.Contains(pkgs, p) {
			pkgs = append(pkgs, p)
		}
	}
	slices.Sort(pkgs)
	return pkgs
}

// Vet runs the mcpvet binary with -json in dir on pkgs and returns its
// findings, with file names relative to dir. analyzers, when not empty,
// restricts the run to those analyzers. Test files are not analyzed: sites
// are in the code a server runs.
func Vet(ctx context.Context, mcpvet, dir, modVersion string, analyzers, pkgs []string) ([]Finding, error) {
	args := []string{"-json", "-test=false"}
	for _, a := range analyzers {
		args = append(args, "-"+a)
	}
	args = append(args, pkgs...)
	cmd := exec.CommandContext(ctx, mcpvet, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		// With -json, findings exit 0; 1 means a package did not load or an
		// analyzer failed, which must be seen, not scored as "no findings".
		return nil, fmt.Errorf("mcpvet %s: %v: %s", strings.Join(args, " "), err, tail(stderr.String(), 20))
	}
	return ParseJSON(stdout.Bytes(), dir, modVersion)
}

// ParseJSON converts the multichecker's -json tree (package ID to analyzer
// name to a list of diagnostics or an {"error": ...} object) into findings
// whose files are relative to root. A diagnostic outside root (in a
// dependency) is an error: only root's packages were asked for.
func ParseJSON(out []byte, root, modVersion string) ([]Finding, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return nil, fmt.Errorf("mcpvet -json output: %v", err)
	}
	findings, fails := placeFindings(tree, root, modVersion, false)
	if len(fails) > 0 {
		return nil, errors.New(fails[0])
	}
	slices.SortFunc(findings, func(a, b Finding) int {
		return strings.Compare(fmt.Sprintf("%s:%09d:%s", a.File, a.Line, a.Analyzer), fmt.Sprintf("%s:%09d:%s", b.File, b.Line, b.Analyzer))
	})
	return findings, nil
}

// splitPosn splits "file:line:col" (or "file:line").
func splitPosn(posn string) (string, int, error) {
	file, last, ok := cutLast(posn)
	if !ok {
		return "", 0, fmt.Errorf("position %q has no line", posn)
	}
	if f, l, ok := cutLast(file); ok {
		if _, err := strconv.Atoi(last); err == nil {
			if n, err := strconv.Atoi(l); err == nil {
				return f, n, nil
			}
		}
	}
	n, err := strconv.Atoi(last)
	if err != nil {
		return "", 0, fmt.Errorf("position %q has no line", posn)
	}
	return file, n, nil
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// tail keeps the last n lines of s: a load failure's cause is at its end.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// relatedLines places a diagnostic's related positions in the module at
// root, dropping those outside it.
func relatedLines(root string, related []struct{ Posn string }) []FileLine {
	var out []FileLine
	for _, r := range related {
		file, line, err := splitPosn(r.Posn)
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(root, file)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		out = append(out, FileLine{filepath.ToSlash(rel), line})
	}
	return out
}

// placeFindings converts the -json tree's diagnostics into findings whose
// files are relative to root, and returns one message per package and
// analyzer that failed or position that cannot be read. A diagnostic
// outside root (in a dependency) is such a failure unless lenient, which
// drops it: only root's packages were asked for.
func placeFindings(tree map[string]map[string]json.RawMessage, root, modVersion string, lenient bool) ([]Finding, []string) {
	var findings []Finding
	var fails []string
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var failed struct{ Error string }
			if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
				fails = append(fails, fmt.Sprintf("%s: %s: %s", pkg, analyzer, failed.Error))
				continue
			}
			var diags []struct {
				Posn, Message string
				Related       []struct{ Posn string }
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				fails = append(fails, fmt.Sprintf("%s: %s: %v", pkg, analyzer, err))
				continue
			}
			for _, d := range diags {
				file, line, err := splitPosn(d.Posn)
				if err != nil {
					fails = append(fails, err.Error())
					continue
				}
				rel, err := filepath.Rel(root, file)
				if err != nil || strings.HasPrefix(rel, "..") {
					if !lenient {
						fails = append(fails, "finding outside the module: "+d.Posn)
					}
					continue
				}
				findings = append(findings, Finding{ModVersion: modVersion, File: filepath.ToSlash(rel), Line: line, Analyzer: analyzer, Message: d.Message, Related: relatedLines(root, d.Related)})
			}
		}
	}
	return findings, fails
}
