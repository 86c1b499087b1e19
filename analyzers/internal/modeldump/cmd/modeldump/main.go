// Command modeldump prints every answer the httpanswers model records in
// the packages named, as go/analysis diagnostics (-json for the tree
// scripts/field-corpus -perception reads).
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/mcpwire/mcpwire/analyzers/internal/modeldump"
)

func main() { singlechecker.Main(modeldump.Analyzer) }
