package errclass

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package's SSA form the way buildssa does, with debug
// information (so an expression maps to its value), and returns the SSA
// function of every function declaration and literal. It runs only for a
// package that passed the cheap bail-out: requiring buildssa instead would
// build SSA for every dependency, standard library included, because
// errclass has facts and so runs on all of them.
func buildSSA(pass *analysis.Pass) map[ast.Node]*ssa.Function {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.SetDebugMode(true)
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
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(obj); f != nil {
				add(f)
			}
		}
	}
	return funcs
}
