// Command fieldcorpus scores mcpvet on the field corpus, public
// repositories labelled blind to the analyzers; scripts/field-corpus runs
// it from the repository root (see corpus/field/README.md).
package main

import (
	"os"

	"github.com/mcpwire/mcpwire/internal/corpus"
)

func main() { os.Exit(corpus.FieldMain(os.Args[1:], os.Stdout, os.Stderr)) }
