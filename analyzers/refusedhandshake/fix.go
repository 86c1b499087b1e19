package refusedhandshake

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// setCloseEdits returns the edits that make lit set
// CloseOnRefusedHandshake: true: replacing a false value, or adding the
// field as the literal's last element in the literal's own layout. The
// checker gofmt's the result, so only line structure matters here.
func setCloseEdits(pass *analysis.Pass, lit *ast.CompositeLit, val ast.Expr) []analysis.TextEdit {
	if val != nil {
		return []analysis.TextEdit{{Pos: val.Pos(), End: val.End(), NewText: []byte("true")}}
	}
	const elt = fieldClose + ": true"
	tf := pass.Fset.File(lit.Rbrace)
	last := lit.Elts[len(lit.Elts)-1] // sessionful: at least SessionIDGenerator
	if tf.Line(last.End()) == tf.Line(lit.Rbrace) {
		// One line: T{A: a} or T{A: a,}.
		sep := ", "
		if src := source(pass, tf, last.End(), lit.Rbrace); strings.Contains(src, ",") {
			sep = " "
		}
		return []analysis.TextEdit{{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(sep + elt)}}
	}
	// Multi-line: gofmt put a comma after the last element and the brace on
	// its own line; add a line before the brace's.
	start := tf.LineStart(tf.Line(lit.Rbrace))
	indent := source(pass, tf, start, lit.Rbrace)
	if strings.TrimSpace(indent) != "" {
		indent = ""
	}
	return []analysis.TextEdit{{Pos: start, End: start, NewText: []byte(indent + "\t" + elt + ",\n")}}
}

// removeEltEdits returns the edit deleting elt from lit, up to the next
// element or the closing brace.
func removeEltEdits(lit *ast.CompositeLit, elt *ast.KeyValueExpr) []analysis.TextEdit {
	end := lit.Rbrace
	for i, e := range lit.Elts {
		if e == elt && i+1 < len(lit.Elts) {
			end = lit.Elts[i+1].Pos()
		}
	}
	return []analysis.TextEdit{{Pos: elt.Pos(), End: end}}
}

// source returns the file's text between two positions of tf, or "" if the
// file cannot be read.
func source(pass *analysis.Pass, tf *token.File, from, to token.Pos) string {
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(from):tf.Offset(to)])
}
