module github.com/mcpwire/mcpwire

go 1.26.8

require (
	github.com/modelcontextprotocol/go-sdk v1.8.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
