package httpwrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// LogCall reports a call that only records or formats its arguments, so a
// value handed to it is neither tested nor answered with nor kept in a
// session: fmt's printing and formatting (Fprint only to a file: its
// writer may be the answer), log and log/slog, and a call named as a
// logger's level (Debug, Info, Warn, Warning, Error, Print, Println, Log,
// Trace, Msg, Str, String, Any, with an f or w suffix, in any case).
//
// A name alone is not enough: a session store's Info(id) or a framework's
// c.Error(err) share it. A named call counts only when it returns nothing,
// its own receiver (a chained event: zerolog's Str), a logging field (zap's
// Any), or an error from a method Log (go-kit's); and never when it is a
// web framework context's or an http.ResponseWriter's (nor given one),
// net/http's or an MCP SDK's: those answer the request or speak on a
// session.
func LogCall(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil {
		return false
	}
	var path string
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	switch path {
	case "log", "log/slog":
		return true
	case "fmt":
		switch name := fn.Name(); {
		case strings.HasPrefix(name, "Fprint"):
			return len(call.Args) > 0 && IsNamed(info.TypeOf(call.Args[0]), "os", "File")
		case strings.HasPrefix(name, "Print"), strings.HasPrefix(name, "Sprint"), strings.HasPrefix(name, "Append"), name == "Errorf":
			return true
		}
		return false
	case PkgHTTP:
		return false
	}
	if MCPSDK(path) || !logLevelName(fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	var recv types.Type
	if sig.Recv() != nil {
		recv = sig.Recv().Type()
		if IsFrameworkContext(recv) || IsResponseWriter(recv) {
			return false
		}
	}
	for i := range sig.Params().Len() {
		if t := sig.Params().At(i).Type(); IsFrameworkContext(t) || IsResponseWriter(t) {
			return false
		}
	}
	switch res := sig.Results(); res.Len() {
	case 0:
		return true
	case 1:
		t := res.At(0).Type()
		switch {
		case recv != nil && types.Identical(t, recv):
			return true
		case IsErrorType(t):
			return recv != nil && strings.EqualFold(fn.Name(), "Log")
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Name() == "Field"
	}
	return false
}

// logLevelName reports a name of a logger's level or printing, any case,
// with an f (formatted) or w (key-value) suffix.
func logLevelName(name string) bool {
	name = strings.ToLower(name)
	for _, base := range [...]string{"debug", "info", "warn", "warning", "error", "print", "println", "log", "trace", "msg", "str", "string", "any"} {
		if name == base || name == base+"f" || name == base+"w" {
			return true
		}
	}
	return false
}
