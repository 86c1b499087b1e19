package gen

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Declared is what the generated wiring takes from the user's package: the
// per-session state type and the hooks, each found by a directive comment
// (or, for the state, the --state flag) and checked against the signature
// the wiring calls. Its zero value is a package that declares none of them.
type Declared struct {
	// State is the per-session state type, "" for none.
	State string
	// New is the state's constructor:
	// func(r *http.Request, principal string, params *mcp.InitializeParams) (*State, error).
	New string
	// Close is how the state is closed: "" (no Close method), "error"
	// (Close() error) or "void" (Close()).
	Close string
	// Binary reports that *State implements encoding.BinaryMarshaler and
	// encoding.BinaryUnmarshaler, which then replace encoding/json.
	Binary bool
	// Principal is a func(*http.Request) string marked //mcpgen:principal,
	// the default of HandlerOptions.Principal; "" for none.
	Principal string
	// TenantServer is a func(tenant string) *mcp.Server marked
	// //mcpgen:server, the default of HandlerOptions.TenantServer: a server
	// per tenant; "" for none.
	TenantServer string
	// Tenant is a func(r *http.Request, principal string) string marked
	// //mcpgen:tenant, the default of HandlerOptions.Tenant; "" for none
	// (the tenant is then the principal).
	Tenant string
}

// Directive comments that mark declarations for the wiring.
const (
	directiveState     = "//mcpgen:state"
	directivePrincipal = "//mcpgen:principal"
	directiveServer    = "//mcpgen:server"
	directiveTenant    = "//mcpgen:tenant"
)

// hooks are the function directives: what each marks, and the signature
// the wiring calls it with.
var hooks = []struct {
	directive string
	want      string
	ok        func(*types.Signature) bool
	set       func(*Declared, string)
}{
	{directivePrincipal, "func(*http.Request) string", principalSig, func(d *Declared, n string) { d.Principal = n }},
	{directiveServer, "func(tenant string) *mcp.Server", serverSig, func(d *Declared, n string) { d.TenantServer = n }},
	{directiveTenant, "func(r *http.Request, principal string) string", tenantSig, func(d *Declared, n string) { d.Tenant = n }},
}

// ErrDeclaration is wrapped by every error [Resolve] returns about the
// user's declarations.
var ErrDeclaration = errors.New("mcpgen declaration")

// Resolve reads the declarations the wiring for c uses from the package in
// dir (the directory the generated file is written to) and returns c with
// [Config.Declared] filled. The generated files themselves are left out of
// the read, so that a stale one does not stand in the way. A package that
// marks nothing and a Config without --state are resolved without loading
// anything but the package's syntax.
func Resolve(dir string, c Config) (Config, error) {
	c = c.Normalize()
	marked, err := scanDirectives(dir, c)
	if err != nil {
		return c, err
	}
	if c.State == "" && len(marked) == 0 {
		c.Declared = Declared{}
		return c, nil
	}
	pkg, err := loadPackage(dir, c)
	if err != nil {
		return c, err
	}
	d, err := declared(pkg, c)
	if err != nil {
		return c, err
	}
	c.Declared = d
	return c, nil
}

// scanDirectives parses the package's non-test files for directive comments
// and returns the directives found.
func scanDirectives(dir string, c Config) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	marked := map[string]bool{}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == c.Out {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			// The package loader reports it, if the read goes that far.
			continue
		}
		for _, cg := range f.Comments {
			for _, cm := range cg.List {
				if d := directiveOf(cm.Text); d != "" {
					marked[d] = true
				}
			}
		}
	}
	return marked, nil
}

// directiveOf returns the directive a comment line is, or "".
func directiveOf(text string) string {
	for _, d := range []string{directiveState, directivePrincipal, directiveServer, directiveTenant} {
		if text == d || strings.HasPrefix(text, d+" ") {
			return d
		}
	}
	return ""
}

func loadPackage(dir string, c Config) (*packages.Package, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:  abs,
	}
	// The generated file is read as empty: the declarations it wires are
	// the user's, and a stale one must not hide them. The overlay is set
	// only when the file is there, because any overlay makes go/packages
	// distrust export data and type-check every dependency (net/http,
	// go-sdk) from source, ten times the cost of the load.
	out := filepath.Join(abs, c.Out)
	if _, err := os.Stat(out); err == nil {
		cfg.Overlay = map[string][]byte{out: []byte("package " + c.Package + "\n")}
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, fmt.Errorf("%w: loading the package in %s: %v", ErrDeclaration, dir, err)
	}
	if len(pkgs) != 1 || pkgs[0].Types == nil {
		return nil, fmt.Errorf("%w: no Go package in %s", ErrDeclaration, dir)
	}
	if name := pkgs[0].Name; name != c.Package {
		return nil, fmt.Errorf("%w: --package=%s, but the package in %s is %s", ErrDeclaration, c.Package, dir, name)
	}
	return pkgs[0], nil
}

// declared finds the state type, its constructor and the hooks in pkg.
func declared(pkg *packages.Package, c Config) (Declared, error) {
	var d Declared
	marked := marks(pkg)
	states := marked[directiveState]
	switch {
	case len(states) > 1:
		return d, fmt.Errorf("%w: %s marks %d types (%s); one state type per package", ErrDeclaration, directiveState, len(states), strings.Join(states, ", "))
	case c.State != "" && len(states) == 1 && states[0] != c.State:
		return d, fmt.Errorf("%w: --state=%s, but %s marks %s", ErrDeclaration, c.State, directiveState, states[0])
	case c.State != "":
		d.State = c.State
	case len(states) == 1:
		d.State = states[0]
	}
	if d.State != "" {
		if !c.Mode.Sessions() {
			return d, fmt.Errorf("%w: a per-session state (%s) needs sessions: --mode=hybrid or --mode=legacy", ErrDeclaration, d.State)
		}
		if err := stateType(pkg, &d); err != nil {
			return d, err
		}
	}
	for _, hook := range hooks {
		names := marked[hook.directive]
		switch len(names) {
		case 0:
			continue
		case 1:
		default:
			return d, fmt.Errorf("%w: %s marks %d functions (%s); one per package", ErrDeclaration, hook.directive, len(names), strings.Join(names, ", "))
		}
		fn, _ := pkg.Types.Scope().Lookup(names[0]).(*types.Func)
		if fn == nil || !hook.ok(fn.Type().(*types.Signature)) {
			return d, fmt.Errorf("%w: %s marks %s, which is not a %s", ErrDeclaration, hook.directive, names[0], hook.want)
		}
		hook.set(&d, names[0])
	}
	if d.Tenant != "" && d.TenantServer == "" {
		return d, fmt.Errorf("%w: %s marks %s, but no %s function makes the tenants' servers", ErrDeclaration, directiveTenant, d.Tenant, directiveServer)
	}
	if (d.Tenant != "" || d.TenantServer != "") && !c.Mode.Sessions() {
		return d, fmt.Errorf("%w: a server per tenant needs sessions: --mode=hybrid or --mode=legacy", ErrDeclaration)
	}
	return d, nil
}

// marks returns, by directive, the names of the declarations it marks:
// types for //mcpgen:state, functions for the hooks; sorted.
func marks(pkg *packages.Package) map[string][]string {
	out := map[string][]string{}
	directives := func(doc *ast.CommentGroup) []string {
		if doc == nil {
			return nil
		}
		var ds []string
		for _, cm := range doc.List {
			if d := directiveOf(cm.Text); d != "" {
				ds = append(ds, d)
			}
		}
		return ds
	}
	for _, f := range pkg.Syntax {
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					ds := directives(ts.Doc)
					if len(decl.Specs) == 1 {
						ds = append(ds, directives(decl.Doc)...)
					}
					for _, d := range ds {
						if d == directiveState {
							out[d] = append(out[d], ts.Name.Name)
						}
					}
				}
			case *ast.FuncDecl:
				if decl.Recv != nil {
					continue
				}
				for _, d := range directives(decl.Doc) {
					if d != directiveState {
						out[d] = append(out[d], decl.Name.Name)
					}
				}
			}
		}
	}
	for _, names := range out {
		sort.Strings(names)
	}
	return out
}

// stateType checks d.State and finds its constructor, its Close and its
// encoding.
func stateType(pkg *packages.Package, d *Declared) error {
	tn, _ := pkg.Types.Scope().Lookup(d.State).(*types.TypeName)
	if tn == nil || tn.IsAlias() {
		return fmt.Errorf("%w: no type %s declared in package %s", ErrDeclaration, d.State, pkg.Name)
	}
	named, _ := tn.Type().(*types.Named)
	if named == nil || named.TypeParams().Len() > 0 {
		return fmt.Errorf("%w: %s is not a defined type without type parameters", ErrDeclaration, d.State)
	}
	if types.IsInterface(named) {
		return fmt.Errorf("%w: %s is an interface; the state is a concrete type the handler holds a *%s of", ErrDeclaration, d.State, d.State)
	}
	ptr := types.NewPointer(named)
	want := "func(r *http.Request, principal string, params *mcp.InitializeParams) (*" + d.State + ", error)"
	isNew := func(fn *types.Func) bool { return constructorSig(fn.Type().(*types.Signature), ptr) }
	if fn, ok := pkg.Types.Scope().Lookup("New" + d.State).(*types.Func); ok {
		if !isNew(fn) {
			return fmt.Errorf("%w: New%s is not the state's constructor %s", ErrDeclaration, d.State, want)
		}
		d.New = fn.Name()
	} else {
		var found []string
		for _, name := range pkg.Types.Scope().Names() {
			if fn, ok := pkg.Types.Scope().Lookup(name).(*types.Func); ok && isNew(fn) {
				found = append(found, name)
			}
		}
		switch len(found) {
		case 0:
			return fmt.Errorf("%w: no constructor for the state %s: declare New%s %s", ErrDeclaration, d.State, d.State, strings.TrimPrefix(want, "func"))
		case 1:
			d.New = found[0]
		default:
			return fmt.Errorf("%w: %d constructors for the state %s (%s); name the one to use New%s", ErrDeclaration, len(found), d.State, strings.Join(found, ", "), d.State)
		}
	}
	methods := types.NewMethodSet(ptr)
	if sel := methods.Lookup(pkg.Types, "Close"); sel != nil {
		sig := sel.Type().(*types.Signature)
		switch {
		case sig.Params().Len() == 0 && sig.Results().Len() == 0:
			d.Close = "void"
		case sig.Params().Len() == 0 && sig.Results().Len() == 1 && isError(sig.Results().At(0).Type()):
			d.Close = "error"
		default:
			return fmt.Errorf("%w: %s.Close is %s; the handler calls Close() or Close() error", ErrDeclaration, d.State, sig)
		}
	}
	d.Binary = hasMethod(methods, pkg.Types, "MarshalBinary", func(sig *types.Signature) bool {
		return sig.Params().Len() == 0 && sig.Results().Len() == 2 && isBytes(sig.Results().At(0).Type()) && isError(sig.Results().At(1).Type())
	}) && hasMethod(methods, pkg.Types, "UnmarshalBinary", func(sig *types.Signature) bool {
		return sig.Params().Len() == 1 && isBytes(sig.Params().At(0).Type()) && sig.Results().Len() == 1 && isError(sig.Results().At(0).Type())
	})
	return nil
}

func hasMethod(ms *types.MethodSet, pkg *types.Package, name string, ok func(*types.Signature) bool) bool {
	sel := ms.Lookup(pkg, name)
	return sel != nil && ok(sel.Type().(*types.Signature))
}

func constructorSig(sig *types.Signature, ptr types.Type) bool {
	p, r := sig.Params(), sig.Results()
	return sig.Recv() == nil && !sig.Variadic() && sig.TypeParams().Len() == 0 &&
		p.Len() == 3 && isPtrTo(p.At(0).Type(), "net/http", "Request") && isString(p.At(1).Type()) &&
		isPtrTo(p.At(2).Type(), pkgMCP, "InitializeParams") &&
		r.Len() == 2 && types.Identical(r.At(0).Type(), ptr) && isError(r.At(1).Type())
}

func principalSig(sig *types.Signature) bool {
	p, r := sig.Params(), sig.Results()
	return sig.Recv() == nil && sig.TypeParams().Len() == 0 && p.Len() == 1 && isPtrTo(p.At(0).Type(), "net/http", "Request") &&
		r.Len() == 1 && isString(r.At(0).Type())
}

func serverSig(sig *types.Signature) bool {
	p, r := sig.Params(), sig.Results()
	return sig.Recv() == nil && sig.TypeParams().Len() == 0 && p.Len() == 1 && isString(p.At(0).Type()) &&
		r.Len() == 1 && isPtrTo(r.At(0).Type(), pkgMCP, "Server")
}

func tenantSig(sig *types.Signature) bool {
	p, r := sig.Params(), sig.Results()
	return sig.Recv() == nil && sig.TypeParams().Len() == 0 && p.Len() == 2 && isPtrTo(p.At(0).Type(), "net/http", "Request") &&
		isString(p.At(1).Type()) && r.Len() == 1 && isString(r.At(0).Type())
}

func isPtrTo(t types.Type, pkg, name string) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.String
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

func isBytes(t types.Type) bool {
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
