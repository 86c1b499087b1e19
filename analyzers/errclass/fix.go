package errclass

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/refusal"
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

// internalFix turns a misclassified answer into 500 with -32603 (502 for an
// upstream's failure): protocol.ParseError(err) becomes
// protocol.Internal(err); a status and a code written in the answer become
// 500 (502) and -32603. It returns nil when the change is not mechanical.
func (c *checker) internalFix(w *httpwrite.Write, upstream bool) []analysis.SuggestedFix {
	const internal = "answer 500 with -32603 (Internal error)"
	msg, status, statusName := internal, 500, "http.StatusInternalServerError"
	if upstream {
		msg, status, statusName = "answer 502 with -32603 (Internal error)", 502, "http.StatusBadGateway"
	}
	if w.Kind == httpwrite.Constructor {
		msg = internal
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
		e := c.statusEdit(w, status, statusName)
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
		if m := messageEdit(w, "Internal error"); m != nil {
			edits = append(edits, *m)
		}
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
	edits := []analysis.TextEdit{*e}
	// The message of the row the new code answers, so "Parse error" never
	// stays beside a session refusal's code.
	row := refusal.MustLookup(refusal.SessionUnknown)
	if want == "-32000" {
		row = refusal.MustLookup(refusal.SessionMissing)
	}
	if m := messageEdit(w, row.Message); m != nil {
		edits = append(edits, *m)
	}
	return []analysis.SuggestedFix{{Message: "answer " + want, TextEdits: edits}}
}

// stdMessages are the messages JSON-RPC and the runtime pair with a code.
var stdMessages = map[int64]string{
	httpwrite.CodeParseError:     "Parse error",
	httpwrite.CodeInvalidRequest: "Invalid Request",
	-32601:                       "Method not found",
	-32602:                       "Invalid params",
	httpwrite.CodeInternalError:  "Internal error",
	-32001:                       "Session not found",
}

// messageEdit rewrites the message of an answer whose code a fix changes,
// when the message is a string literal in the answer that spells the old
// code's standard message ("Parse error" beside -32700): left alone, the
// fixed answer would pair -32603 with "Parse error". A message of the
// code's own wording is kept.
func messageEdit(w *httpwrite.Write, msg string) *analysis.TextEdit {
	old, ok := stdMessages[w.Code]
	if !ok || !w.HasCode {
		return nil
	}
	var edit *analysis.TextEdit
	for _, n := range []ast.Node{w.Node, w.CodeNode} {
		if n == nil || edit != nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || edit != nil {
				return edit == nil
			}
			if v, err := strconv.Unquote(lit.Value); err == nil && strings.EqualFold(v, old) {
				edit = &analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(msg))}
			}
			return false
		})
	}
	return edit
}

func itoa(n int) string { return strconv.Itoa(n) }
