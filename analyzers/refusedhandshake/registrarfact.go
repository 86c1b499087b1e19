package refusedhandshake

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// ParamRegistrar is the fact exported for an exported function or method
// that stores into a table (a map or sync.Map in a struct field or a
// package variable) under its string parameter Param, unchanged: a
// registrar that handlers of other packages call with the id they chose
// (a backend manager creating and keeping a per-session server).
type ParamRegistrar struct {
	Param int
	Table string // the field or package variable's name
}

func (*ParamRegistrar) AFact() {}

func (f *ParamRegistrar) String() string { return "paramRegistrar(" + f.Table + ")" }

// FreshRegistrar is the fact exported for an exported function or method
// that stores into a table of its package under an id it mints itself and
// returns the entry (the id, or the value stored): a session manager whose
// callers in other packages create a session by calling it. A handler that
// calls it for an initialize has registered a session there.
type FreshRegistrar struct {
	Table string // the field or package variable's name
}

func (*FreshRegistrar) AFact() {}

func (f *FreshRegistrar) String() string { return "freshRegistrar(" + f.Table + ")" }

// TableRemover is the fact exported for an exported function or method
// that takes entries out of a table: a rollback callers of other packages
// can make.
type TableRemover struct {
	Tables []string // the fields or package variables' names
}

func (*TableRemover) AFact() {}

func (f *TableRemover) String() string { return "tableRemover(" + strings.Join(f.Tables, ",") + ")" }

// exportRegistrarFacts marks the package's exported registrars. Only
// direct stores count (a chain through unexported helpers is judged in the
// package's own rules), which keeps this one walk of the functions that
// take a string or return a value; the package's tables are summarised
// only when one of them stores and returns what it may have minted.
func exportRegistrarFacts(pass *analysis.Pass) {
	if httpwrite.IsStd(pass.Pkg.Path()) {
		return
	}
	t := &tables{pass: pass, info: pass.TypesInfo, regParam: map[*types.Func]regParam{}}
	var returning []*ast.FuncDecl // store and return: registrars under a minted id?
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() || httpwrite.InTest(pass, fd) {
				continue
			}
			takes := takesString(pass.TypesInfo, fd.Type)
			returns := fd.Type.Results != nil && len(fd.Type.Results.List) > 0
			if !takes && !returns {
				continue
			}
			stores, removes := storesAny(t, fd.Body)
			if !stores && len(removes) == 0 {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if stores && returns {
				returning = append(returning, fd)
			}
			if !takes {
				continue
			}
			if len(removes) > 0 {
				pass.ExportObjectFact(fn, &TableRemover{Tables: removes})
			}
			if !stores {
				continue
			}
			if rp, ok := t.paramRegistration(fn, fd); ok {
				pass.ExportObjectFact(fn, &ParamRegistrar{Param: rp.idx, Table: rp.table.Name()})
			}
		}
	}
	if len(returning) == 0 {
		return
	}
	m := newMintTables(pass)
	for _, fd := range returning {
		fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		var direct []regSite // stores under an id minted on the way
		for _, s := range m.sites(fd.Body) {
			if s.mintedHere && s.via == nil && s.table.Pkg() == pass.Pkg {
				direct = append(direct, s)
			}
		}
		if len(direct) == 0 || !m.returnsEntry(fd, direct) {
			continue
		}
		pass.ExportObjectFact(fn, &FreshRegistrar{Table: direct[0].table.Name()})
	}
}

// newMintTables is the part of the package's summary a FreshRegistrar
// needs: its declarations and the functions that mint ids. Only direct
// stores make the fact, so the uses and registrars of the package are not
// read.
func newMintTables(pass *analysis.Pass) *tables {
	t := &tables{pass: pass, info: pass.TypesInfo, decls: map[*types.Func]*ast.FuncDecl{}, minters: map[*types.Func]bool{}}
	var strs []*ast.FuncDecl // the functions whose first result is a string
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			t.decls[fn] = fd
			if r := fn.Signature().Results(); r.Len() > 0 && types.Identical(r.At(0).Type(), types.Typ[types.String]) {
				strs = append(strs, fd)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range strs {
			fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !t.minters[fn] && t.mintsResult(fd) {
				t.minters[fn] = true
				changed = true
			}
		}
	}
	return t
}

func takesString(info *types.Info, ft *ast.FuncType) bool {
	for _, f := range ft.Params.List {
		if types.Identical(info.TypeOf(f.Type), types.Typ[types.String]) {
			return true
		}
	}
	return false
}

// storesAny reports whether body (not its literals) stores into a table,
// and the tables it removes entries from (its literals included: a
// deferred removal counts).
func storesAny(t *tables, body *ast.BlockStmt) (stores bool, removes []string) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if tab, _ := t.store(n); tab != nil {
				stores = true
			}
		case *ast.CallExpr:
			if tab, _ := t.store(n); tab != nil {
				stores = true
			} else if tab := t.removal(n); tab != nil && !slices.Contains(removes, tab.Name()) {
				removes = append(removes, tab.Name())
			}
		}
		return true
	})
	return stores, removes
}

// removesTable reports whether fn, a function of another package, takes
// entries out of tab, a table of fn's package.
func (t *tables) removesTable(fn *types.Func, tab *types.Var) bool {
	if fn.Pkg() == nil || fn.Pkg() == t.pass.Pkg || tab.Pkg() != fn.Pkg() {
		return false
	}
	f := new(TableRemover)
	return t.pass.ImportObjectFact(fn.Origin(), f) && slices.Contains(f.Tables, tab.Name())
}

// importedRegistrar returns the fact of fn, a function of another package,
// and the table it names.
func (t *tables) importedRegistrar(fn *types.Func) (*ParamRegistrar, *types.Var) {
	if fn.Pkg() == nil || fn.Pkg() == t.pass.Pkg {
		return nil, nil
	}
	f := new(ParamRegistrar)
	if !t.pass.ImportObjectFact(fn.Origin(), f) {
		return nil, nil
	}
	v := factTable(fn, f.Table)
	if v == nil {
		return nil, nil
	}
	return f, v
}

// importedFresh returns the table fn, a function of another package with a
// FreshRegistrar fact, registers in.
func (t *tables) importedFresh(fn *types.Func) *types.Var {
	if fn.Pkg() == nil || fn.Pkg() == t.pass.Pkg {
		return nil
	}
	f := new(FreshRegistrar)
	if !t.pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	return factTable(fn, f.Table)
}

// importedRemovals returns the tables fn, a function of another package
// with a TableRemover fact, takes entries out of.
func (t *tables) importedRemovals(fn *types.Func) []*types.Var {
	if fn.Pkg() == nil || fn.Pkg() == t.pass.Pkg {
		return nil
	}
	f := new(TableRemover)
	if !t.pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	var out []*types.Var
	for _, name := range f.Tables {
		if v := factTable(fn, name); v != nil {
			out = append(out, v)
		}
	}
	return out
}

// factTable returns the table a fact of fn names: a field of its receiver
// or a variable of its package.
func factTable(fn *types.Func, name string) *types.Var {
	var obj types.Object
	if recv := fn.Signature().Recv(); recv != nil {
		obj, _, _ = types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), name)
	} else {
		obj = fn.Pkg().Scope().Lookup(name)
	}
	v, _ := obj.(*types.Var)
	return v
}

// clientOrMinted reports whether e, returned by a function of the
// package, is the client's own header value (r.Header.Get of any header,
// or a variable last assigned one) or a value the server builds without
// reading the function's parameters (a time-based fallback): what a
// function returns beside a fresh id when it mints one only for a request
// that carries none.
func (t *tables) clientOrMinted(body *ast.BlockStmt, params map[*types.Var]bool, e ast.Expr, pos token.Pos) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := t.info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		rhs := lastAssign(t.info, body, v, pos)
		return rhs != nil && t.headerGet(rhs)
	}
	if t.headerGet(e) {
		return true
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	reads := false
	ast.Inspect(call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := t.info.Uses[id].(*types.Var); ok && (params[v] || v.Parent() != v.Pkg().Scope()) {
				reads = true
			}
		}
		return !reads
	})
	return !reads
}

// headerGet reports whether e is X.Get(...) on an http.Header, or a web
// framework's read of the Mcp-Session-Id request header (gin's
// c.GetHeader, fiber's c.Get).
func (t *tables) headerGet(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	if httpwrite.IsFrameworkHeader(t.info, call) {
		return true
	}
	// strings.TrimSpace(r.Header.Get(k)) and the like: the header's
	// value still, as the session scan reads it.
	if v := httpwrite.StringsKept(t.info, call); v != nil {
		return t.headerGet(v)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Get" && isNamed(t.info.TypeOf(sel.X), netHTTP, "Header")
}
