package errclass

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// codec places the error of a call of another package's codec that no fact
// explains, by its shape alone: a function or method of json.Marshal's
// shape, func(any) ([]byte, error), encodes a value the server holds and
// fails on the server's side (sonic, jsoniter, go-json and the like
// delegate to an engine chosen at run time, so their errors have no
// origin a fact could carry); one of json.Unmarshal's shape decodes the
// bytes it is given, the client's when they are a request body.
func codec(sig *types.Signature, name string, body bool) []origin {
	switch {
	case marshals(sig):
		return []origin{{kind: internal, name: name, encode: true}}
	case unmarshals(sig):
		return []origin{{kind: decode, name: name, body: body}}
	}
	return nil
}

// marshals reports a function of json.Marshal's shape, func(any) ([]byte,
// error).
func marshals(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	i, ok := types.Unalias(sig.Params().At(0).Type()).Underlying().(*types.Interface)
	if !ok || !i.Empty() {
		return false
	}
	b, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Slice)
	return ok && types.Identical(b.Elem(), types.Typ[types.Byte]) &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

// invokedCodec is codec for an interface method call.
func invokedCodec(c *ssa.CallCommon) []origin {
	return codec(c.Method.Type().(*types.Signature), describeValue(c.Value)+"."+c.Method.Name(), false)
}
