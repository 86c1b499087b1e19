// A stand-in for mcpwire's runtime in the analyzer fixtures: see ../README.md.
module github.com/mcpwire/mcpwire/runtime

go 1.25.0

require github.com/modelcontextprotocol/go-sdk v1.8.0
