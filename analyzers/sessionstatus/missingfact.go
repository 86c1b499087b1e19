package sessionstatus

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// missCase is one string parameter taken for the id (Param) and one
// binding of the bool parameters (Flags: bit i is the value of the i-th
// bool parameter, in order).
type missCase struct {
	Param        int
	Flags        uint8
	Fresh, Other int
}

// packCases flattens cases into three ints each: the parameter and the
// flags (param<<8 | flags), then the lines of Fresh and Other.
func packCases(cases []missCase) []int {
	out := make([]int, 0, 3*len(cases))
	for _, c := range cases {
		out = append(out, c.Param<<8|int(c.Flags), c.Fresh, c.Other)
	}
	return out
}

// unpackCases is packCases undone.
func unpackCases(ints []int) []missCase {
	var out []missCase
	for i := 0; i+2 < len(ints); i += 3 {
		out = append(out, missCase{Param: ints[i] >> 8, Flags: uint8(ints[i] & 0xff), Fresh: ints[i+1], Other: ints[i+2]})
	}
	return out
}

// resolvedCase is a missCase read from a fact, at the positions its
// lines name in this package's file set.
type resolvedCase struct {
	param        int
	flags        uint8
	fresh, other token.Pos
}

// maxMissFlags bounds the bool parameters read: each binding is a case.
const maxMissFlags = 3

// missCases reads fd for every string parameter and binding of its bool
// parameters (at most maxMissFlags of them).
func missCases(info *types.Info, fn *types.Func, fd *ast.FuncDecl, line func(token.Pos) int) []missCase {
	params := fn.Type().(*types.Signature).Params()
	var bools, strs []int
	for i := range params.Len() {
		t := params.At(i).Type()
		if isBoolType(t) {
			bools = append(bools, i)
		} else if httpwrite.IsString(t) {
			strs = append(strs, i)
		}
	}
	if len(strs) == 0 || len(bools) > maxMissFlags {
		return nil
	}
	var out []missCase
	for _, s := range strs {
		for m := range uint8(1) << len(bools) {
			flags := map[int]bool{}
			for j, b := range bools {
				flags[b] = m&(1<<j) != 0
			}
			c := missCase{Param: s, Flags: m}
			for _, r := range missingReturns(info, fd, s, flags) {
				switch {
				case r.kind == missFresh && c.Fresh == 0:
					c.Fresh = line(r.at)
				case r.kind == missOther && c.Other == 0:
					c.Other = line(r.at)
				}
			}
			if c.Fresh > 0 || c.Other > 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// exportResolved exports, for each exported function of the package that
// returns a session without failing for an empty id under some binding
// of its flags, those cases in a kindsFact (OK) with no kinds and
// Other set, which foreignKinds reads as none: a session package's
// Resolve(id, initialize) is called by a handler of another package,
// which is where the request is served. It runs on every package, one
// that answers no request included; exportKinds, after it, keeps the
// cases in the fact it exports for the same function.
func exportResolved(pass *analysis.Pass) {
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || httpwrite.InTest(pass, fd) || !takesString(info, fd) {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil || !httpwrite.Exported(fn) {
				continue
			}
			cases := missCases(info, fn, fd, func(at token.Pos) int { return httpwrite.LineOffset(pass.Fset, fn, at) })
			if len(cases) > 0 {
				pass.ExportObjectFact(fn, &kindsFact{Other: true, OK: packCases(cases)})
			}
		}
	}
}

// foreignMissing reads the kindsFact cases of a function of another
// package for parameter idx taken for the id and the bool parameters
// bound as flags says; the returns are placed at the lines the fact names
// (the function's own position when they cannot be found).
func (p *pkgInfo) foreignMissing(fn *types.Func, idx int, flags map[int]bool) []missReturn {
	if p.ext == nil || p.ext.Kinds == nil {
		return nil
	}
	k := p.ext.Kinds(fn)
	if k == nil {
		return nil
	}
	params := fn.Type().(*types.Signature).Params()
	var m uint8
	j := 0
	for i := range params.Len() {
		if isBoolType(params.At(i).Type()) {
			v, ok := flags[i]
			if !ok {
				return nil
			}
			if v {
				m |= 1 << j
			}
			j++
		}
	}
	for _, c := range k.resolved {
		if c.param != idx || c.flags != m {
			continue
		}
		var out []missReturn
		if c.other.IsValid() {
			out = append(out, missReturn{missOther, c.other})
		}
		if c.fresh.IsValid() {
			out = append(out, missReturn{missFresh, c.fresh})
		}
		return out
	}
	return nil
}
