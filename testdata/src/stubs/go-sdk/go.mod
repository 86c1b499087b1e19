// A stand-in for go-sdk in the analyzer fixtures: see ../README.md.
module github.com/modelcontextprotocol/go-sdk

go 1.25.0
