// Package bench holds the benchmarks that set mcpwire's handler beside
// go-sdk's StreamableHTTPHandler, go-sdk's server fed over channels (the
// floor any transport on go-sdk can reach) and mcp-go's
// StreamableHTTPServer, in one test binary, on the same echo tool and the
// same requests. It is a module of its own so that mcp-go and a patched
// go-sdk (scripts/bench-perf builds this module a second time with
// gosdk-unmarshal.patch applied to a copy of go-sdk) stay out of the
// runtime's module graph. Run it with scripts/bench-perf.
package bench
