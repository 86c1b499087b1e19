package errclass

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// buildSSA builds the package's SSA form the way buildssa does, with debug
// information (so an expression maps to its value), and returns the SSA
// function of every function declaration and literal. It runs only for a
// package that passed the cheap bail-out: requiring buildssa instead would
// build SSA for every dependency, standard library included, because
// errclass has facts and so runs on all of them.
//
// Only the declarations keep reports true for get a body; the others are
// built as external functions (declared, with no blocks). Building every
// body was most of errclass's cost on a large package, and a function that
// neither returns an error nor writes an answer is never traced or judged.
func buildSSA(pass *analysis.Pass, keep func(*ast.FuncDecl) bool) map[ast.Node]*ssa.Function {
	files := make([]*ast.File, len(pass.Files))
	for i, file := range pass.Files {
		decls := make([]ast.Decl, len(file.Decls))
		for j, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil && !keep(fd) {
				stub := *fd
				stub.Body = nil
				decl = &stub
			}
			decls[j] = decl
		}
		f := *file
		f.Decls = decls
		files[i] = &f
	}

	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, pass.TypesInfo, false)
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
	for _, file := range files {
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

// needsBody reports whether fd's SSA body can matter: it returns an error
// (traced by callers here and in exportOrigins), or it or a function
// literal in it writes an answer.
func needsBody(pass *analysis.Pass, fd *ast.FuncDecl, writes map[ast.Node][]*httpwrite.Write) bool {
	if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
		res := obj.Type().(*types.Signature).Results()
		if res.Len() > 0 && httpwrite.IsErrorType(res.At(res.Len()-1).Type()) {
			return true
		}
	}
	if len(writes) == 0 {
		return false
	}
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if writes[n] != nil {
				found = true
			}
		}
		return !found
	})
	return found
}
