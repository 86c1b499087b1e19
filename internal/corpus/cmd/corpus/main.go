// Command corpus scores mcpvet on the real-code corpus; scripts/corpus runs
// it from the repository root (see corpus/README.md).
package main

import (
	"os"

	"github.com/mcpwire/mcpwire/internal/corpus"
)

func main() { os.Exit(corpus.Main(os.Args[1:], os.Stdout, os.Stderr)) }
