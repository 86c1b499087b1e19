// Package ssabuild builds the SSA form of one package inside an analysis
// pass, for analyzers that need it for a few functions only.
//
// Requiring buildssa would build SSA for every package the analyzer runs
// on; an analyzer with facts runs on every dependency, standard library
// included, so that is most of its cost. Build builds the package the pass
// analyses (the dependencies as external, bodiless packages) and gives a
// body only to the declarations asked for: building every body was most of
// the cost on a large package. Of the dependencies it creates only the
// direct imports the built code names a function or variable of: creating
// every import (each one's whole API as bodiless members) was half of what
// building cost. refusedhandshake and errclass both use it.
package ssabuild

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Index says which declarations Build returns functions for.
type Index int

const (
	// Kept indexes only the declarations given a body (and their function
	// literals), by their own syntax nodes.
	Kept Index = iota
	// All indexes every function declaration of the package: the kept ones
	// as Kept does, the others (built as external functions, with no blocks)
	// by the bodiless copy of their declaration that was built, whose Name
	// is the original's identifier (so TypesInfo.Defs resolves it). A caller
	// that maps functions by object sees every function of the package.
	All
)

// Build builds pass's package in SSA form, with bodies only for the
// declarations in keep, and returns the SSA function of each indexed
// declaration (see Index) and of the function literals in it, by syntax
// node. With debug, the bodies are built in debug mode, so that a syntax
// node maps to its value (Function.ValueForExpr); that costs a DebugRef
// per expression, so only a caller that maps expressions asks for it.
func Build(pass *analysis.Pass, keep map[*ast.FuncDecl]bool, index Index, debug bool) map[ast.Node]*ssa.Function {
	files := make([]*ast.File, len(pass.Files))
	for i, file := range pass.Files {
		decls := make([]ast.Decl, len(file.Decls))
		for j, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil && !keep[fd] {
				stub := *fd
				stub.Body = nil // built as an external function: declared, no blocks
				decl = &stub
			}
			decls[j] = decl
		}
		f := *file
		f.Decls = decls
		files[i] = &f
	}
	// BareInits: the package initializer calls no imported package's init,
	// so an import the code does not name needs no SSA package. A method of
	// an uncreated package's type is made from its type information when
	// called (bodiless, as a created package's would be).
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, p := range referenced(pass, files) {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, pass.TypesInfo, false)
	pkg.SetDebugMode(debug)
	pkg.Build()

	funcs := map[ast.Node]*ssa.Function{}
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		if syn := f.Syntax(); syn != nil {
			funcs[syn] = f
		}
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	addDecl := func(fd *ast.FuncDecl) {
		if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			if f := prog.FuncValue(obj); f != nil {
				add(f)
			}
		}
	}
	switch index {
	case All:
		for _, file := range files {
			for _, decl := range file.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok {
					addDecl(fd)
				}
			}
		}
	default:
		for fd := range keep {
			addDecl(fd)
		}
	}
	return funcs
}

// referenced returns the imports of pass's package whose package-level
// functions or variables the code being built names: the kept bodies and
// the package-level declarations (their initializers go in the package's
// init). The SSA builder resolves such a name through its package's SSA
// members; every other reference to an import (a type, a constant, a
// method, a field) needs none.
func referenced(pass *analysis.Pass, files []*ast.File) []*types.Package {
	var pkgs []*types.Package
	seen := map[*types.Package]bool{pass.Pkg: true}
	visit := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := pass.TypesInfo.Uses[id]
			switch o := obj.(type) {
			case *types.Func:
				obj = o.Origin()
			case *types.Var:
			default:
				return true
			}
			if p := obj.Pkg(); p != nil && !seen[p] && p.Scope().Lookup(obj.Name()) == obj {
				seen[p] = true
				pkgs = append(pkgs, p)
			}
			return true
		})
	}
	for _, file := range files {
		for _, decl := range file.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Body != nil {
					visit(decl.Body)
				}
			case *ast.GenDecl:
				visit(decl)
			}
		}
	}
	return pkgs
}
