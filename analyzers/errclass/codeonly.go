package errclass

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// codeOnlyAnswers collects, in a package the answers summary skipped (it
// imports nothing that answers HTTP: the dispatcher of a server whose
// transports live elsewhere), the JSON-RPC errors its functions build with
// -32700 or -32600, and those of a method switch's default clause. A code
// is judged there without a status: -32700 for params of the wrong shape,
// and anything but -32601 for a method not served, are wrong on every
// transport, and a refusal returned as a response value is followed to the
// handler that writes it.
// Nothing else is judged in such a package: its statuses are not its own.
func codeOnlyAnswers(pass *analysis.Pass) (funcs []ast.Node, writes map[ast.Node][]*answers.Answer) {
	sum := httpwrite.SummarizePackage(pass.TypesInfo, pass.Files, nil)
	funcs, ws := httpwrite.CollectFuncs(pass, sum)
	writes = map[ast.Node][]*answers.Answer{}
	for n, list := range ws {
		for _, w := range list {
			if w.HasCode && (w.Code == httpwrite.CodeParseError || w.Code == httpwrite.CodeInvalidRequest ||
				unknownMethodCode(pass.TypesInfo, w)) {
				writes[n] = append(writes[n], &answers.Answer{Write: w})
			}
		}
	}
	return funcs, writes
}
