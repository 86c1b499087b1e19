package docstest

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	pathpkg "path"
	"sort"
	"strings"

	"golang.org/x/tools/imports"
)

// marker stands where the snippet's first line goes; Source replaces it with
// a //line directive so that the compiler names the doc's file and line.
const marker = "//docstest:snippet"

// Kind is how a snippet is made into a Go file.
type Kind int

const (
	File     Kind = iota // starts with a package clause
	Decls                // top-level declarations
	Fragment             // statements, wrapped in a function
)

func (k Kind) String() string {
	return [...]string{"file", "declarations", "fragment"}[k]
}

// KindOf tells a snippet's kind by parsing it each way in turn.
func KindOf(code string) (Kind, error) {
	fset := token.NewFileSet()
	if _, err := parser.ParseFile(fset, "", code, parser.PackageClauseOnly); err == nil {
		return File, nil
	}
	if _, err := parser.ParseFile(fset, "", "package p\n"+code, parser.SkipObjectResolution); err == nil {
		return Decls, nil
	}
	_, err := parser.ParseFile(fset, "", "package p\nfunc f() {\n"+code+"\n}\n", parser.SkipObjectResolution)
	if err != nil {
		return 0, fmt.Errorf("neither a file, declarations nor statements: %v", err)
	}
	return Fragment, nil
}

// Source returns the Go file for a snippet: its code with a package clause
// (or the wrapping function a fragment needs) and its imports. pkgs maps a
// package name to the import path it stands for in snippets; imports a
// snippet does not use are removed again, and standard-library ones it
// needs are added. absFile is the Markdown file's path for //line.
func Source(s Snippet, absFile string, pkgs map[string]string) ([]byte, error) {
	kind, err := KindOf(s.Code)
	if err != nil {
		return nil, err
	}
	// A whole file's own imports win: a seed of the same path or name is
	// left out, so that no package is imported twice.
	own := map[string]bool{}
	if kind == File {
		f, err := parser.ParseFile(token.NewFileSet(), "", s.Code, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, spec := range f.Imports {
			path := strings.Trim(spec.Path.Value, "`\"")
			own[path] = true
			own[pathpkg.Base(path)] = true
			if spec.Name != nil {
				own[spec.Name.Name] = true
			}
		}
	}
	var b strings.Builder
	seed := func() {
		all := map[string]string{"context": "context", "http": "net/http"}
		for name, path := range pkgs {
			all[name] = path
		}
		names := make([]string, 0, len(all))
		for name := range all {
			if !own[name] && !own[all[name]] {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		b.WriteString("import (\n")
		for _, name := range names {
			fmt.Fprintf(&b, "\t%s %q\n", name, all[name])
		}
		b.WriteString(")\n\n")
	}
	line := s.Line
	switch kind {
	case File:
		pkgLine, rest, _ := strings.Cut(s.Code, "\n")
		b.WriteString(pkgLine + "\n\n")
		seed()
		b.WriteString(marker + "\n" + rest)
		line++
	case Decls:
		b.WriteString("package snippet\n\n")
		seed()
		b.WriteString(marker + "\n" + s.Code)
	case Fragment:
		b.WriteString("package snippet\n\n")
		seed()
		b.WriteString("func snippet(ctx context.Context, w http.ResponseWriter, r *http.Request) {\n{\n" + marker + "\n" + s.Code + "\n}\n}\n")
	}
	out, err := imports.Process("snippet.go", []byte(b.String()), nil)
	if err != nil {
		return nil, err
	}
	// A //line directive must start its line; gofmt indents comments in a
	// function body, so the marker line is replaced whole.
	lines := bytes.Split(out, []byte("\n"))
	found := false
	for i, l := range lines {
		if string(bytes.TrimSpace(l)) == marker {
			lines[i] = fmt.Appendf(nil, "//line %s:%d", absFile, line)
			found = true
			break
		}
	}
	if !found {
		return nil, fmt.Errorf("the marker comment was lost in formatting")
	}
	return bytes.Join(lines, []byte("\n")), nil
}
