module github.com/mcpwire/mcpwire/examples/sample

go 1.25.0

require (
	github.com/mcpwire/mcpwire/runtime v0.0.0-00010101000000-000000000000
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

// The mcpwire runtime is not published yet: build against a mcpwire checkout
// at this path, relative to this file, so that a clone of this repository
// beside such a checkout builds as it does here (mcpgen new --replace-mcpwire).
replace github.com/mcpwire/mcpwire/runtime => ../../runtime
