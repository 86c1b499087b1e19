package httpwrite

import (
	"go/token"
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

// LineOffset is how many lines after fn's name at falls: what a fact
// records for LineFrom to find again in another package.
func LineOffset(fset *token.FileSet, fn types.Object, at token.Pos) int {
	return fset.Position(at).Line - fset.Position(fn.Pos()).Line
}

// LineFrom is the start of the line offset lines after fn's name, in fn's
// file as fset knows it (an export data's file has its lines, so a fact
// can name a line of another package by its offset from the function),
// and whether that line exists.
func LineFrom(fset *token.FileSet, fn types.Object, offset int) (token.Pos, bool) {
	file := fset.File(fn.Pos())
	if file == nil {
		return token.NoPos, false
	}
	l := file.Line(fn.Pos()) + offset
	if l <= 0 || l > file.LineCount() {
		return token.NoPos, false
	}
	return file.LineStart(l), true
}
