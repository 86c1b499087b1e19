// The mcpwire tools this server is developed with, pinned apart from go.mod
// so that the server's own module graph holds only what it runs:
//
//	go tool -modfile=tools.mod mcpvet ./...
//	go tool -modfile=tools.mod mcpgen verify .
//
// Upgrade them with: go get -modfile=tools.mod github.com/mcpwire/mcpwire@VERSION
module github.com/mcpwire/mcpwire/examples/sample

go 1.26.0

tool (
	github.com/mcpwire/mcpwire/cmd/mcpgen
	github.com/mcpwire/mcpwire/cmd/mcpvet
)

require (
	github.com/mcpwire/mcpwire/runtime v0.0.0-00010101000000-000000000000
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mcpwire/mcpwire v0.0.0-00010101000000-000000000000 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/time v0.15.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

// Build the tools from the mcpwire checkout at this path, relative to this
// file, as go.mod builds the runtime (mcpgen new --replace-mcpwire); the
// runtime too, as the replace in the checkout's go.mod does not apply here.
replace (
	github.com/mcpwire/mcpwire => ../..
	github.com/mcpwire/mcpwire/runtime => ../../runtime
)
