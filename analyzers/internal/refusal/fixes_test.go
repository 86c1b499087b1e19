package refusal_test

import (
	"go/ast"
	"go/constant"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/refusal"
	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// The analyzers tested against the table: a server written the way users
// write them answers each row's condition wrongly on a line marked
// "// row: ID"; the checks run, their fixes are applied until none is
// left, and each marked answer must then be the row's status, code and
// message. The findings' and fixes' own words ("answer 404 with -32001")
// must name the row's status and code too.

const fixServer = `package p

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"sync"
)

type rpcError struct {
	Code    int    ` + "`json:\"code\"`" + `
	Message string ` + "`json:\"message\"`" + `
}

type rpcResponse struct {
	JSONRPC string   ` + "`json:\"jsonrpc\"`" + `
	Error   rpcError ` + "`json:\"error\"`" + `
	ID      any      ` + "`json:\"id\"`" + `
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", Error: rpcError{Code: code, Message: msg}})
}

func newID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

type Server struct {
	mu       sync.Mutex
	sessions map[string]bool
}

func (s *Server) known(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error") // row: body-unreadable case: read-failure-as-parse-error
		return
	}
	if !json.Valid(body) {
		writeError(w, http.StatusBadRequest, -32700, "Parse error") // row: not-json case: parse-error-right
		return
	}
	var msg struct {
		Method string ` + "`json:\"method\"`" + `
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	if msg.Method == "initialize" {
		sid, err := newID()
		if err != nil {
			writeError(w, http.StatusBadRequest, -32700, "Parse error") // row: server-failure case: id-generator-as-parse-error
			return
		}
		s.mu.Lock()
		s.sessions[sid] = true
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeError(w, http.StatusNotFound, -32001, "Session not found") // row: session-missing case: missing-as-404
		return
	}
	s.mu.Lock()
	ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusBadRequest, -32600, "invalid session") // row: session-unknown case: unknown-as-400-32600
		return
	}
}

// Delete answers a DELETE.
func (s *Server) Delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeError(w, http.StatusBadRequest, -32700, "Parse error") // row: session-missing case: missing-as-parse-error
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusBadRequest, -32700, "Parse error") // row: session-unknown case: unknown-as-parse-error
		return
	}
}

// Stream answers a GET.
func (s *Server) Stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.known(id) {
		http.Error(w, "unknown session", http.StatusUnauthorized) // row: session-unknown case: unknown-as-401-plain
		return
	}
}

// Bounded answers a POST read through a body limit.
func (s *Server) Bounded(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	var msg map[string]any
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error") // row: body-too-large case: over-limit-as-400
		return
	}
	if _, err := newID(); err != nil {
		writeError(w, http.StatusBadRequest, -32603, "Internal error") // row: server-failure case: failure-as-400-internal
		return
	}
	if msg["jsonrpc"] != "2.0" {
		writeError(w, http.StatusOK, -32600, "Invalid Request") // row: not-jsonrpc case: invalid-request-as-200
		return
	}
}
`

// knownDisagreements are the places where an analyzer's fix or wording does
// not give a row's answer, by row and what differs. Each is reported to the
// analyzer's owner; the test fails when one is fixed, so that the list
// stays true.
var knownDisagreements = map[string]string{}

var (
	rowMark  = regexp.MustCompile(`// row: ([a-z-]+) case: ([a-z0-9-]+)`)
	answerRE = regexp.MustCompile(`answer (\d{3})(?: with (-\d+))?`)
)

// TestFixesAnswerTable runs the checks and their fixes on fixServer.
func TestFixesAnswerTable(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks a module")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fx\n\ngo 1.25\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "p.go")
	if err := os.WriteFile(file, []byte(fixServer), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := marks(t, []byte(fixServer))
	found, fixed := map[string]bool{}, map[string]bool{} // by case
	seen := map[string]bool{}
	disagree := func(key, format string, args ...any) {
		seen[key] = true
		if _, ok := knownDisagreements[key]; ok {
			t.Logf("known disagreement, %s: "+format, append([]any{key}, args...)...)
			return
		}
		t.Errorf(format, args...)
	}

	src := []byte(fixServer)
	for round := 0; ; round++ {
		if round == 10 {
			t.Fatal("fixes still apply after 10 rounds")
		}
		pkg, fset := load(t, dir, file, src)
		g, err := checker.Analyze(suite.Analyzers(), []*packages.Package{pkg}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var edits []analysis.TextEdit
		for act := range g.All() {
			if !act.IsRoot {
				continue
			}
			for _, d := range act.Diagnostics {
				line := fset.Position(d.Pos).Line
				r, marked := rows[line]
				if round > 0 || !marked {
					continue
				}
				found[r.name] = true
				words := []string{d.Message}
				if len(d.SuggestedFixes) > 0 {
					words = append(words, d.SuggestedFixes[0].Message)
				}
				for _, w := range words {
					for _, m := range answerRE.FindAllStringSubmatch(w, -1) {
						if m[1] != strconv.Itoa(r.Status) || m[2] != "" && m[2] != strconv.FormatInt(r.Code, 10) {
							disagree(r.name+" wording", "line %d [%s] %q: row %s answers %d with %d", line, act.Analyzer.Name, w, r.ID, r.Status, r.Code)
						}
					}
				}
			}
			for _, d := range act.Diagnostics {
				if len(d.SuggestedFixes) > 0 && act.Analyzer.Name != "ignoredirective" {
					edits = append(edits, d.SuggestedFixes[0].TextEdits...)
					if r, ok := rows[fset.Position(d.Pos).Line]; ok && round == 0 {
						fixed[r.name] = true
					}
				}
			}
		}
		next := apply(t, fset, src, edits)
		if next == nil {
			// The fixed source's lines: a fix may have added some.
			final := marks(t, src)
			for line, m := range final {
				switch right := strings.HasSuffix(m.name, "-right"); {
				case right && found[m.name]:
					t.Errorf("line %d (%s): a finding on an answer that is row %s's", line, m.name, m.ID)
				case !right && !found[m.name]:
					t.Errorf("line %d (%s): no finding; row %s answers %d with %d", line, m.name, m.ID, m.Status, m.Code)
				case found[m.name] && !fixed[m.name]:
					t.Logf("line %d (%s): found, no fix offered", line, m.name)
					delete(final, line)
				}
			}
			answers(t, pkg, fset, final, disagree)
			break
		}
		src = next
	}
	for key, why := range knownDisagreements {
		if !seen[key] {
			t.Errorf("%s agrees with the table now: remove it from knownDisagreements (%s)", key, why)
		}
	}
}

// marks returns the marked answers of src by line; each case is named once.
func marks(t *testing.T, src []byte) map[int]mark {
	t.Helper()
	out, names := map[int]mark{}, map[string]bool{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := rowMark.FindStringSubmatch(line); m != nil {
			r, ok := refusal.Lookup(m[1])
			if !ok || names[m[2]] {
				t.Fatalf("line %d: no row %q, or a second case %q", i+1, m[1], m[2])
			}
			names[m[2]] = true
			out[i+1] = mark{r, m[2]}
		}
	}
	return out
}

func load(t *testing.T, dir, file string, src []byte) (*packages.Package, *token.FileSet) {
	t.Helper()
	cfg := &packages.Config{
		Mode:    packages.LoadAllSyntax,
		Dir:     dir,
		Env:     append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod"),
		Overlay: map[string][]byte{file: src},
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading the fixture: %v\n%s", pkgs[0].Errors, src)
	}
	return pkgs[0], pkgs[0].Fset
}

// apply applies the edits that do not overlap an earlier one (identical
// edits once) and returns the new source, or nil when there are none.
func apply(t *testing.T, fset *token.FileSet, src []byte, edits []analysis.TextEdit) []byte {
	type span struct {
		start, end int
		text       string
	}
	var taken []span
	for _, e := range edits {
		tf := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		s := span{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)}
		if slices.ContainsFunc(taken, func(o span) bool { return o == s || max(o.start, s.start) < min(o.end, s.end) }) {
			continue
		}
		taken = append(taken, s)
	}
	if len(taken) == 0 {
		return nil
	}
	slices.SortFunc(taken, func(a, b span) int { return b.start - a.start })
	out := slices.Clone(src)
	for _, s := range taken {
		out = slices.Concat(out[:s.start], []byte(s.text), out[s.end:])
	}
	return out
}

// answers judges each marked answer of the fixed package against its row.
func answers(t *testing.T, pkg *packages.Package, fset *token.FileSet, rows map[int]mark, disagree func(key, format string, args ...any)) {
	t.Helper()
	value := func(e ast.Expr) constant.Value { return pkg.TypesInfo.Types[e].Value }
	judged := map[int]bool{}
	ast.Inspect(pkg.Syntax[0], func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		line := fset.Position(call.Pos()).Line
		r, ok := rows[line]
		if !ok {
			return true
		}
		var status, code, msg constant.Value
		switch fn := ast.Unparen(call.Fun).(type) {
		case *ast.Ident: // writeError(w, status, code, msg)
			status, code, msg = value(call.Args[1]), value(call.Args[2]), value(call.Args[3])
		case *ast.SelectorExpr: // http.Error(w, msg, status)
			if fn.Sel.Name != "Error" {
				return true
			}
			status, msg = value(call.Args[2]), value(call.Args[1])
		default:
			return true
		}
		judged[line] = true
		if s, _ := constant.Int64Val(status); s != int64(r.Status) {
			disagree(r.name+" status", "line %d: after -fix the answer is %d, row %s answers %d", line, s, r.ID, r.Status)
		}
		if code != nil {
			if c, _ := constant.Int64Val(code); c != r.Code {
				disagree(r.name+" code", "line %d: after -fix the code is %d, row %s answers %d", line, c, r.ID, r.Code)
			}
			// A message beside a code is the row's, or does not claim
			// another code's standard message.
			if m := constant.StringVal(msg); !r.MessageMatches(m) && !strings.HasPrefix(r.Message, m) && standard(m) {
				disagree(r.name+" message", "line %d: after -fix the message is %q, row %s says %q", line, m, r.ID, r.Message)
			}
		}
		return true
	})
	for line, r := range rows {
		if !judged[line] {
			t.Errorf("line %d (row %s): no answer found after -fix", line, r.ID)
		}
	}
}

// mark is a marked answer of fixServer: the row it must be once fixed, and
// the case's name (one ending in "-right" is the row's answer already, and
// must draw no finding).
type mark struct {
	refusal.Row
	name string
}

// standard reports whether msg is the message of a row with a different
// code, or a JSON-RPC standard message: one that names a code.
func standard(msg string) bool {
	switch strings.ToLower(msg) {
	case "parse error", "invalid request", "method not found", "invalid params", "internal error", "session not found":
		return true
	}
	return false
}

// TestCheckCodesMatchRows: the codes the checks reason about are the rows'.
func TestCheckCodesMatchRows(t *testing.T) {
	for _, c := range []struct {
		name string
		code int64
		row  string
	}{
		{"httpwrite.CodeParseError", httpwrite.CodeParseError, refusal.NotJSON},
		{"httpwrite.CodeInvalidRequest", httpwrite.CodeInvalidRequest, refusal.NotJSONRPC},
		{"httpwrite.CodeInternalError", httpwrite.CodeInternalError, refusal.ServerFailure},
		{"httpwrite.CodeSessionNotFound", httpwrite.CodeSessionNotFound, refusal.SessionUnknown},
	} {
		if r := refusal.MustLookup(c.row); c.code != r.Code {
			t.Errorf("%s = %d, row %s answers %d", c.name, c.code, r.ID, r.Code)
		}
	}
}
