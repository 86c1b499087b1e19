// Package limits bounds what unauthenticated clients can make a server
// hold before any of its MCP logic runs: open connections ([Listener]) and
// request bodies being read and buffered ([Bodies]). Each limit has a
// finite default, so that a server whose operator changed nothing cannot
// be exhausted by one client opening connections or sending bodies slowly.
//
// It is the equivalent of golang.org/x/net/netutil.LimitListener plus a
// process-wide byte budget for request bodies, written against the
// standard library only, as everything under runtime/ is.
package limits
