// Command judge decides a conformance run from the suite's checks.json files; see package judge.
package main

import (
	"os"

	"github.com/mcpwire/mcpwire/conformance/judge"
)

func main() { os.Exit(judge.Main(os.Args[1:], os.Stdout, os.Stderr)) }
