package cli

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpwire/mcpwire/internal/mcpgen/scaffold"
)

// checkPackage refuses, before anything is written, a scaffold into a
// directory whose Go files would not build with it: the files mcpgen new
// keeps (the user's own server.go or main.go, and any other .go file) must
// be package main, must not declare a name a written file declares, and
// must, with the written files, declare every function the written main.go
// calls from server.go.
func checkPackage(dir string, files []scaffold.File, action map[string]scaffold.Action) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // a new directory: nothing of the user's to build with
	}
	written := map[string]bool{}
	declaredBy := map[string]string{} // name => written file
	fset := token.NewFileSet()
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".go") || strings.HasSuffix(f.Path, "_test.go") || action[f.Path] == scaffold.Skipped {
			continue
		}
		written[f.Path] = true
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, name := range topLevel(af) {
			declaredBy[name] = f.Path
		}
	}
	declared := map[string]bool{}
	for name := range declaredBy {
		declared[name] = true
	}
	var kept []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || written[name] {
			continue
		}
		p := filepath.Join(dir, name)
		af, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("%s, which mcpgen new keeps, does not parse: %v; nothing was written", p, err)
		}
		if af.Name.Name != "main" {
			return fmt.Errorf("%s, which mcpgen new keeps, is package %s, and the scaffold is package main; nothing was written: scaffold into another directory", p, af.Name.Name)
		}
		for _, n := range topLevel(af) {
			if by, ok := declaredBy[n]; ok {
				return fmt.Errorf("%s, which mcpgen new keeps, declares %s, which the %s it would write declares too; nothing was written: rename yours or scaffold into another directory", p, n, by)
			}
			declared[n] = true
		}
		kept = append(kept, name)
	}
	if written["main.go"] && !declared["NewServer"] {
		return fmt.Errorf("%s holds %s, which mcpgen new keeps, but no file declares NewServer, which the main.go it would write calls; nothing was written: add func NewServer() *mcp.Server to your package (see a fresh scaffold's server.go), or scaffold into another directory", dir, strings.Join(kept, ", "))
	}
	return nil
}

// topLevel lists the package-level names a file declares (methods and
// blank names excluded, init and main's main included).
func topLevel(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name != "init" {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name != "_" {
							names = append(names, n.Name)
						}
					}
				}
			}
		}
	}
	slices.Sort(names)
	return names
}
