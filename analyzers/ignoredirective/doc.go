// Package ignoredirective defines an Analyzer that reports
// //mcpvet:ignore directives that cannot do what their author meant.
//
// # Analyzer ignoredirective
//
// ignoredirective: report malformed //mcpvet:ignore directives
//
// A suppression directive has the form
//
//	//mcpvet:ignore NAME[,NAME...] REASON
//
// and silences the named analyzers on its own line and the line below it, or
// in a whole function when it stands in the function's doc comment. A
// directive that suppresses nothing is worse than none: it reads as if a
// finding had been looked at. This analyzer reports
//
//   - a directive that names no analyzer (//mcpvet:ignore);
//   - a directive without a reason (//mcpvet:ignore errclass), which
//     suppresses nothing until it says why;
//   - a directive naming an analyzer the suite does not have, such as a
//     misspelling (//mcpvet:ignore errclas ...), with the likely name as a
//     suggested fix when one is close;
//   - a comment that looks like a directive but is not one because of a
//     space after the slashes (// mcpvet:ignore ...), which Go tools treat
//     as prose, like //go: directives.
//
// A well-formed directive that suppresses nothing is reported by the
// analyzer it names, not here: only that analyzer knows it found nothing.
//
// Bad:
//
//	//mcpvet:ignore errclass
//	w.WriteHeader(http.StatusBadRequest)
//
// Good:
//
//	//mcpvet:ignore errclass the store only fails on malformed ids, which the client sent
//	w.WriteHeader(http.StatusBadRequest)
package ignoredirective
