// Package names holds the header names of a module whose middleware reads
// them.
package names

const (
	Revision = "MCP-Protocol-Version"
	Session  = "Mcp-Session-Id"
)
