package httpwrite

import (
	"go/types"
)

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
