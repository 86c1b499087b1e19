package errclass

import (
	"go/ast"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// statusFix replaces the answer's status with want, spelled the way the
// status was spelled: http.StatusX for a net/http constant, a number for a
// literal. It returns nil when the status is not written in the answer
// itself (a helper's fixed status, a constructor).
func (c *checker) statusFix(w *httpwrite.Write, want int, httpName string) []analysis.SuggestedFix {
	e := c.statusEdit(w, want, httpName)
	if e == nil {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "answer " + itoa(want), TextEdits: []analysis.TextEdit{*e}}}
}

func (c *checker) statusEdit(w *httpwrite.Write, want int, httpName string) *analysis.TextEdit {
	if w.StatusExpr == nil {
		return nil
	}
	return c.constEdit(w.StatusExpr, itoa(want), httpName)
}

func (c *checker) constEdit(e ast.Expr, literal, qualifiedName string) *analysis.TextEdit {
	return httpwrite.ConstEdit(c.pass.TypesInfo, e, literal, qualifiedName)
}

// internalFix turns a misclassified answer into 500 with -32603:
// protocol.ParseError(err) becomes protocol.Internal(err); a status and a
// code written in the answer become 500 and -32603. It returns nil when the
// change is not mechanical.
func (c *checker) internalFix(w *httpwrite.Write) []analysis.SuggestedFix {
	const msg = "answer 500 with -32603 (Internal error)"
	if w.Kind == httpwrite.Constructor {
		call, ok := w.Node.(*ast.CallExpr)
		if !ok {
			return nil
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "ParseError" {
			return nil
		}
		return []analysis.SuggestedFix{{Message: msg, TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Internal")}}}}
	}
	var edits []analysis.TextEdit
	if w.Status != 0 {
		e := c.statusEdit(w, 500, "http.StatusInternalServerError")
		if e == nil {
			return nil
		}
		edits = append(edits, *e)
	}
	if w.HasCode {
		if w.CodeExpr == nil {
			return nil
		}
		e := c.constEdit(w.CodeExpr, "-32603", "x.CodeInternalError")
		if e == nil {
			return nil
		}
		edits = append(edits, *e)
	} else if w.Kind != httpwrite.HTTPError && w.Kind != httpwrite.WriteHeader {
		return nil
	}
	if len(edits) == 0 {
		return nil
	}
	return []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
}

// codeFix replaces the code written in the answer with want (a session-id
// refusal's code; its status is sessionstatus's fix, an edit of another
// argument, so -fix applies both in one run). It returns nil when the code
// is not a constant written in the answer itself.
func (c *checker) codeFix(w *httpwrite.Write, want, qualifiedName string) []analysis.SuggestedFix {
	if !w.HasCode || w.CodeExpr == nil {
		return nil
	}
	e := c.constEdit(w.CodeExpr, want, qualifiedName)
	if e == nil {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "answer " + want, TextEdits: []analysis.TextEdit{*e}}}
}

func itoa(n int) string { return strconv.Itoa(n) }
