package refusedhandshake

import (
	"go/types"
	"strings"
)

// Real servers reach go-sdk's types under more than one import path: a
// vendored copy (GOPATH-era vendor/ prefixes), a fork under another module
// path, or an earlier home of the SDK (golang.org/x/tools/internal/mcp, a
// project's own internal/mcp copy). So the SDK is recognised by the package
// name mcp and by the shape of each type, not by one import path: a fork
// that keeps the names and methods behaves the same way.

// sdkPkg reports whether pkg is go-sdk's mcp package or a copy of it: named
// mcp and declaring a StreamableServerTransport with a ServeHTTP method.
// The shape test keeps an unrelated package that happens to be named mcp
// (mark3labs/mcp-go's is, and has no such type) out.
func sdkPkg(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	if vendorless(pkg.Path()) == sdkMCP {
		return true
	}
	if pkg.Name() != "mcp" {
		return false
	}
	obj, ok := pkg.Scope().Lookup("StreamableServerTransport").(*types.TypeName)
	return ok && hasMethod(obj.Type(), "ServeHTTP")
}

// isSDK reports whether t is the named type name of an SDK package.
func isSDK(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && sdkPkg(obj.Pkg())
}

// isSDKPointer reports whether t is *name of an SDK package.
func isSDKPointer(t types.Type, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isSDK(p.Elem(), name)
}

// hasMethod reports whether *T (T named) has a method called name.
func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// sdkMethod reports whether fn is the method name of the SDK type recv
// (pointer receiver).
func sdkMethod(fn *types.Func, recv, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	r := fn.Type().(*types.Signature).Recv()
	return r != nil && isSDKPointer(r.Type(), recv)
}

// isSDKTransportConstructor reports whether fn is an SDK package's
// NewStreamableServerTransport (go-sdk before v1.0 and x/tools'
// internal/mcp: (sessionID string) or (sessionID string, opts)), which
// returns the transport.
func isSDKTransportConstructor(fn *types.Func) bool {
	if fn == nil || fn.Name() != "NewStreamableServerTransport" || !sdkPkg(fn.Pkg()) {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Recv() == nil && sig.Results().Len() == 1 && isSDKPointer(sig.Results().At(0).Type(), "StreamableServerTransport")
}

// importsSDK reports whether pkg is or imports an SDK package or the
// runtime's streamable package.
func importsSDK(pkg *types.Package) bool {
	if vendorless(pkg.Path()) == streamable || sdkPkg(pkg) {
		return true
	}
	for _, imp := range pkg.Imports() {
		if vendorless(imp.Path()) == streamable || sdkPkg(imp) {
			return true
		}
	}
	return false
}

// vendorless strips a GOPATH vendor prefix from an import path.
func vendorless(path string) string {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(path, "vendor/")
}
