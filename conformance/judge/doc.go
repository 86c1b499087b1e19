// Package judge reads what the official MCP conformance suite wrote (one checks.json per scenario)
// and decides whether a run passes: every FAILURE and every WARNING must be listed, with a reason, in
// the expected-failures file; every listed entry must still match something; and every scenario the
// suite listed must have produced results.
//
// The suite's exit code is not enough: warnings alone exit 0 and its console summary hides them, and
// with --requirements only the required scenarios decide the code.
package judge
