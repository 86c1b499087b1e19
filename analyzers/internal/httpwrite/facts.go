package httpwrite

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// PackageSinks summarises the package's sinks (see SummarizePackage),
// exports the Sink of every exported function through export, and returns
// the lookup an analyzer judges calls with: the package's own sinks, then
// imported ones. An analyzer owns its fact type, so it passes in how to read
// and write one (importFact is only asked about other packages' functions).
func PackageSinks(pass *analysis.Pass, importFact func(*types.Func) *Sink, export func(*types.Func, *Sink)) SinkOf {
	imported := func(fn *types.Func) *Sink {
		if fn.Pkg() == pass.Pkg {
			return nil
		}
		return importFact(fn)
	}
	sinks := SummarizePackage(pass.TypesInfo, pass.Files, imported)
	for fn, s := range sinks {
		if Exported(fn) {
			export(fn, s)
		}
	}
	return func(fn *types.Func) *Sink {
		if s := sinks[fn]; s != nil {
			return s
		}
		return imported(fn)
	}
}

// Exported reports whether other packages can call fn by name: an exported
// function, or an exported method of an exported type. Only such functions
// are worth a fact.
func Exported(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && !n.Obj().Exported() {
			return false
		}
	}
	return true
}
