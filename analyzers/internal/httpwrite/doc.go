// Package httpwrite recognises the places where an HTTP handler answers an
// error: the HTTP status and the JSON-RPC error code it sends, and the error
// the answer is about. errclass and sessionstatus both judge such answers;
// this package is the one description of what an answer looks like, so the
// two analyzers agree on it.
//
// An answer is found in
//   - http.Error(w, msg, status) and ResponseWriter.WriteHeader(status);
//   - mcpwire's runtime/protocol constructors (ParseError, Internal,
//     NewError, SessionNotFound, ...) and protocol.Error literals, which carry
//     a status and a code together;
//   - go-sdk's jsonrpc.Error (internal/jsonrpc2.WireError) literals and JSON
//     error objects ({"code": ..., "message": ...}) built as maps or structs,
//     which carry a code, paired with a WriteHeader in the same block;
//   - calls of user helpers summarised by a [Sink]: a function that writes
//     exactly one answer whose status, code or error comes from a parameter
//     or is fixed. Analyzers keep Sinks as facts, so helpers in other
//     packages are recognised by what they do, not by their names.
//
// Types are recognised by import path and name; the analyzers never import
// the runtime or go-sdk.
package httpwrite
