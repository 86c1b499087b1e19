package errclass

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// bodies is the set of declarations whose SSA body can matter: the
// exported functions returning an error that can have an origin
// (exportOrigins records where their errors come from; mayOriginate),
// those that write an answer or hold a literal that does, and every
// function returning an error that these call in the package,
// transitively (the tracer follows static calls into them). The others are
// never traced or judged.
//
// In a file another tool generated, an exported function is traced for its
// fact only when it takes a context: a store, a client, an RPC stub (sqlc,
// gRPC, typed API clients), whose failures are the server's. The rest of
// generated code (marshalers, deep copies, conversions, defaulters: pure
// functions of the data given them) is most of the code in dependency
// trees such as Kubernetes' and building it was two thirds of errclass's
// cost there; a handler answering the error of one is judged by what else
// it knows.
func bodies(pass *analysis.Pass, writes map[ast.Node][]*answers.Answer) map[*ast.FuncDecl]bool {
	declOf := map[*types.Func]*ast.FuncDecl{}
	returnsError := func(fn *types.Func) bool {
		res := fn.Type().(*types.Signature).Results()
		return res.Len() > 0 && httpwrite.IsErrorType(res.At(res.Len()-1).Type())
	}
	keep := map[*ast.FuncDecl]bool{}
	var work, origins []*ast.FuncDecl
	for _, file := range pass.Files {
		generated := report.ForeignGenerated(file)
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			declOf[fn] = fd
			switch {
			case writesIn(fd, writes):
				keep[fd] = true
				work = append(work, fd)
			case returnsError(fn) && httpwrite.Exported(fn) && (!generated || takesContext(fn)):
				origins = append(origins, fd)
			}
		}
	}
	// An exported function needs a body for its fact only when its errors
	// can have an origin at all (mayOriginate).
	var may map[*ast.FuncDecl]bool
	if len(origins) > 0 && prescreen && len(internalFuncs) == 0 {
		may = mayOriginate(pass, declOf)
	}
	for _, fd := range origins {
		if may == nil || may[fd] {
			keep[fd] = true
			work = append(work, fd)
		}
	}
	for len(work) > 0 {
		fd := work[len(work)-1]
		work = work[:len(work)-1]
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			fn, ok := pass.TypesInfo.Uses[id].(*types.Func)
			if !ok || fn.Pkg() != pass.Pkg {
				return true
			}
			fn = fn.Origin()
			if callee := declOf[fn]; callee != nil && !keep[callee] && returnsError(fn) {
				keep[callee] = true
				work = append(work, callee)
			}
			return true
		})
	}
	return keep
}

// writesIn reports whether fd or a function literal in it writes an answer.
func writesIn(fd *ast.FuncDecl, writes map[ast.Node][]*answers.Answer) bool {
	if len(writes) == 0 {
		return false
	}
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
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

// takesContext reports whether fn has a context.Context parameter.
func takesContext(fn *types.Func) bool {
	params := fn.Type().(*types.Signature).Params()
	for i := 0; i < params.Len(); i++ {
		if httpwrite.IsNamed(params.At(i).Type(), "context", "Context") {
			return true
		}
	}
	return false
}
