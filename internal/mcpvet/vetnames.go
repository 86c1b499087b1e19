package mcpvet

import "golang.org/x/tools/go/analysis"

// vetNamed returns the analyzers to run under go vet's protocol: copies whose
// findings end with the analyzer's name in brackets, as in mcpvet's own text
// output. go vet prints no analyzer name, and the name is what
// //mcpvet:ignore takes. go vet always asks the tool for JSON and renders it
// itself, so the tool cannot tell text from go vet -json; there the name
// appears twice (as the key and in the message), which costs a reader less
// than a finding they cannot suppress by name. No suite analyzer requires
// another, so a copy stands in for its original everywhere.
func vetNamed(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		c, run, suffix := *a, a.Run, " ["+a.Name+"]"
		c.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				d.Message += suffix
				report(d)
			}
			return run(pass)
		}
		out[i] = &c
	}
	return out
}
