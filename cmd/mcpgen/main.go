package main

import (
	"os"

	"github.com/mcpwire/mcpwire/internal/mcpgen/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) }
