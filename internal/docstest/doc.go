// Package docstest checks that the Go snippets in README.md and docs/*.md
// compile against this checkout, so that the docs cannot drift from the code
// they describe.
//
// Every ```go block is one snippet, compiled as a package of its own in one
// temporary module that replaces mcpwire and its runtime with the checkout:
//
//   - a block that starts with a package clause is a whole file;
//   - a block of declarations (func, type, var, const) gets a package clause;
//   - any other block is a fragment of statements, placed in the body of a
//     function whose parameters are ctx context.Context, w
//     http.ResponseWriter and r *http.Request (a fragment may use them, or
//     declare its own in their place).
//
// Imports are added with golang.org/x/tools/imports. All snippets are then
// type-checked and vetted by one `go vet`, whose messages name the doc's own
// file and line. A block preceded by `<!-- no-compile: REASON -->` is skipped,
// and the test logs the reason.
//
// Code and docs cite the wire rules by section (`docs/protocol.md,
// "Refusals"`); the package also checks that every such citation names a
// heading the cited file has.
package docstest
