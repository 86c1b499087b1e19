// Package templates holds the non-Go files `mcpgen new` writes, as
// text/template sources embedded in the mcpgen binary. The Go files are
// written with jennifer (internal/mcpgen/scaffold), so they are always
// gofmt'd and their imports always right.
package templates

import "embed"

// FS holds the templates, named for the file they produce plus ".tmpl"
// (dot-files without their dot, which go:embed would skip).
//
//go:embed *.tmpl
var FS embed.FS
