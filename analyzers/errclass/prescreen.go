package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// prescreen gates the origin facts' SSA: off only in the test that checks
// the facts come out the same without it.
var prescreen = true

// mayOriginate returns the function declarations (with bodies) of pass's
// package whose returned errors the tracer could place: those whose body,
// or the body of a function of the package they call, holds a leaf the
// tracer classifies (tracer.callOrigins, tracer.dynamic, sentinel). An
// exported function outside the set gets no origin fact whatever its SSA
// says (it returns errors.New, a parameter's error, the error of a call
// no rule or fact places), so bodies builds none for one, and a package
// with no such function and no answer builds no SSA at all.
//
// The screen reads syntax and types only and errs towards a leaf: a call
// of a function value other than an unassigned parameter's or a global's,
// a generic type's method, any package-level error variable. A leaf the
// tracer learns must be admitted here too; TestPrescreenKeepsFacts checks
// that the facts and findings over every fixture are the same without the
// screen.
func mayOriginate(pass *analysis.Pass, declOf map[*types.Func]*ast.FuncDecl) map[*ast.FuncDecl]bool {
	info := pass.TypesInfo
	// callers: for each declaration, the declarations of the package that
	// call it; a function reaching a leaf through a callee reaches one.
	callers := map[*ast.FuncDecl][]*ast.FuncDecl{}
	may := map[*ast.FuncDecl]bool{}
	var work []*ast.FuncDecl
	for _, fd := range declOf {
		leaf := false
		// A function value held in a parameter is the tracer's only when
		// the parameter is assigned (tracer.dynamic follows a field load,
		// never a parameter's value).
		var fnVars []*types.Var
		params, assigned := map[*types.Var]bool{}, map[*types.Var]bool{}
		addParams := func(fields ...*ast.FieldList) {
			for _, fl := range fields {
				if fl == nil {
					continue
				}
				for _, f := range fl.List {
					for _, id := range f.Names {
						if v, ok := info.Defs[id].(*types.Var); ok {
							params[v] = true
						}
					}
				}
			}
		}
		addParams(fd.Recv, fd.Type.Params)
		assign := func(e ast.Expr) {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					assigned[v] = true
				}
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				addParams(n.Type.Params)
			case *ast.AssignStmt:
				for _, e := range n.Lhs {
					assign(e)
				}
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					assign(n.Key)
					if n.Value != nil {
						assign(n.Value)
					}
				}
			case *ast.CallExpr:
				if callee := sameCallee(pass, n); callee != nil {
					if cd := declOf[callee.Origin()]; cd != nil {
						callers[cd] = append(callers[cd], fd)
					}
				} else if l, v := callLeaf(pass, n); l {
					leaf = true
				} else if v != nil {
					fnVars = append(fnVars, v)
				}
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && httpwrite.IsErrorType(v.Type()) {
					leaf = true // a sentinel
				}
			}
			return !leaf
		})
		for _, v := range fnVars {
			if !params[v] || assigned[v] {
				leaf = true
			}
		}
		if leaf {
			may[fd] = true
			work = append(work, fd)
		}
	}
	for len(work) > 0 {
		fd := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range callers[fd] {
			if !may[caller] {
				may[caller] = true
				work = append(work, caller)
			}
		}
	}
	return may
}

// sameCallee is the function of pass's own package a call statically
// calls, or nil. A generic function's instance is its origin's (as SSA
// names the callee); a generic type's method is not followed (callLeaf).
func sameCallee(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() != pass.Pkg || genericMethod(fn) || httpwrite.IsInterfaceMethod(fn) {
		return nil
	}
	return fn
}

// callLeaf reports whether the tracer could place an error coming from
// call, a call of no function of this package: recover(), a call it
// classifies by name, shape or fact, a call through an interface it judges
// by its method, a generic type's method, and every call of a function
// value it may see as a field's. A call of a local variable or a
// parameter's value is returned as v, for the caller to judge.
func callLeaf(pass *analysis.Pass, call *ast.CallExpr) (leaf bool, v *types.Var) {
	info := pass.TypesInfo
	if tv, ok := info.Types[ast.Unparen(call.Fun)]; ok && tv.IsType() {
		return false, nil // a conversion
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return false, nil // called in place: its body is screened with the caller's
	}
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return callee.Name() == "recover", nil
	case *types.Func:
		if genericMethod(callee) {
			return true, nil
		}
		if httpwrite.IsInterfaceMethod(callee) {
			// tracer.invoke
			sig := callee.Type().(*types.Signature)
			if _, ok := known(callee); ok || codec(sig, "", false) != nil || httpwrite.IsMethod(callee, httpwrite.PkgHTTP, "RoundTripper", "RoundTrip") {
				return true, nil
			}
			return sig.Params().Len() > 0 && httpwrite.IsNamed(sig.Params().At(0).Type(), "context", "Context") && !dispatches(callee.Name(), sig), nil
		}
		// As SSA names a generic function's instance: by its origin.
		fn := callee.Origin()
		if fn.Pkg() == pass.Pkg {
			return false, nil // a function of the package without a declaration
		}
		if _, ok := known(fn); ok || upstreamCall(fn) || existenceApart(fn) || codec(fn.Type().(*types.Signature), "", false) != nil {
			return true, nil
		}
		var f originFact
		return pass.ImportObjectFact(fn, &f), nil
	case *types.Var:
		switch {
		case callee.IsField():
			return callee.Exported(), nil // tracer.dynamic
		case callee.Pkg() != nil && callee.Parent() == callee.Pkg().Scope():
			return false, nil // a package-level variable: a global, never a field
		}
		return false, callee
	}
	// Another function value (an element, a call's result): tracer.dynamic
	// places none but a field's, which this screen does not tell apart.
	return true, nil
}

// genericMethod reports a method of a generic type (declared or
// instantiated): SSA names its instances apart from the declaration.
func genericMethod(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && (fn.Origin() != fn || sig.RecvTypeParams().Len() > 0)
}
