package sessionstatus_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

// TestRows writes the protocol's two session rows -- an unknown id is 404,
// a missing one 400 -- in every combination of how a hand-written server
// reads the id, looks it up and answers, one package each, and expects the
// wrong answers reported and the right ones not. It guards the rows rather
// than the shapes of any one codebase: a new way of reading, looking up or
// answering goes in one list below and is tried with all the others.
func TestRows(t *testing.T) {
	reads := []string{
		`id := r.Header.Get("Mcp-Session-Id")`,
		`id := r.Header.Get(headerSessionID)`,
		`id := sessionIDOf(r)`,
		`id := r.Header.Get("mcp-session-id")`,
	}
	// A lookup: the statement, the condition under which the id is
	// unknown and the one under which it is known, and a use of its
	// result.
	lookups := []struct{ stmt, cond, known, use string }{
		{"sess, ok := s.sessions[id]", "!ok", "ok", "_ = sess"},
		{"v, ok := s.syncSessions.Load(id)", "!ok", "ok", "_ = v"},
		{"sess, ok := s.store.Get(id)", "!ok", "ok", "_ = sess"},
		{"sess, err := s.store.Fetch(id)", "err != nil", "err == nil", "_ = sess"},
		{"sess := s.getSession(id)", "sess == nil", "sess != nil", "_ = sess"},
		{"", "!s.store.Exists(id)", "s.store.Exists(id)", ""},
		{"err := s.validate(id)", "err != nil", "err == nil", ""},
		{"", "!slices.Contains(s.issued, id)", "slices.Contains(s.issued, id)", ""},
		{"var sess *session\n\tfor _, c := range s.list {\n\t\tif c.id == id {\n\t\t\tsess = c\n\t\t\tbreak\n\t\t}\n\t}", "sess == nil", "sess != nil", "_ = sess"},
		{"found := false\n\tfor _, known := range s.issued {\n\t\tif known == id {\n\t\t\tfound = true\n\t\t}\n\t}", "!found", "found", ""},
	}
	// The ways a branch for an unknown id is told from the others: an if
	// around the answer, the statement after a served branch that
	// returns, the else of a served branch, a case of a tagless switch.
	// %[1]s is the unknown condition, %[2]s the known one, %[3]s the
	// answer, %[4]s the use and %[5]s the success.
	shapes := []string{
		"\tif %[1]s {\n\t\t%[3]s\n\t\treturn\n\t}\n\t%[4]s\n\t%[5]s\n",
		"\tif %[2]s {\n\t\t%[4]s\n\t\t%[5]s\n\t\treturn\n\t}\n\t%[3]s\n",
		"\tif %[2]s {\n\t\t%[4]s\n\t\t%[5]s\n\t} else {\n\t\t%[3]s\n\t}\n",
		"\tswitch {\n\tcase %[1]s:\n\t\t%[3]s\n\t\treturn\n\t}\n\t%[4]s\n\t%[5]s\n",
	}
	// An answer, and whether it is right for an unknown id.
	unknown := []struct {
		answer string
		right  bool
	}{
		{`http.Error(w, "invalid session", http.StatusBadRequest)`, false},
		{`w.WriteHeader(http.StatusUnauthorized)`, false},
		{`writeRPCError(w, http.StatusBadRequest, -32600, "invalid session")`, false},
		{`writeRPCError(w, http.StatusOK, -32600, "invalid session")`, false},
		{`http.Error(w, "session lookup failed", http.StatusInternalServerError)`, false},
		{`http.Error(w, "Session not found", http.StatusNotFound)`, true},
	}
	missing := []struct {
		answer string
		right  bool
	}{
		{`http.Error(w, "Session not found", http.StatusNotFound)`, false},
		{`writeRPCError(w, http.StatusOK, -32600, "missing session")`, false},
		{`w.WriteHeader(http.StatusUnauthorized)`, false},
		{`http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)`, true},
	}
	root := t.TempDir()
	var pkgs []string
	write := func(name, body string) {
		dir := filepath.Join(root, "src", "rows", name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		src := strings.Replace(rowsCommon, "package rows", "package "+name, 1) + body
		if err := os.WriteFile(filepath.Join(dir, "h.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, "rows/"+name)
	}
	want := func(right bool) string {
		if right {
			return ""
		}
		return " // want `answers`"
	}
	const success = "w.Write([]byte(`{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}`))"
	for i, read := range reads {
		for j, l := range lookups {
			for k, a := range unknown {
				// Every shape with the first read; the others with
				// the first shape.
				for h, shape := range shapes {
					if i > 0 && h > 0 {
						break
					}
					var b strings.Builder
					fmt.Fprintf(&b, "\t%s\n\tif id == \"\" {\n\t\thttp.Error(w, \"Mcp-Session-Id header is required\", http.StatusBadRequest)\n\t\treturn\n\t}\n", read)
					if l.stmt != "" {
						fmt.Fprintf(&b, "\t%s\n", l.stmt)
					}
					use := l.use
					if use == "" {
						use = "_ = id"
					}
					fmt.Fprintf(&b, shape, l.cond, l.known, a.answer+want(a.right), use, success)
					b.WriteString("}\n")
					write(fmt.Sprintf("unknown_%d_%d_%d_%d", i, j, k, h), b.String())
				}
			}
		}
		for k, a := range missing {
			body := fmt.Sprintf("\t%s\n\tif id == \"\" {\n\t\t%s%s\n\t\treturn\n\t}\n", read, a.answer, want(a.right)) +
				"\tif _, ok := s.store.Get(id); !ok {\n\t\thttp.Error(w, \"Session not found\", http.StatusNotFound)\n\t\treturn\n\t}\n" +
				"\tw.Write([]byte(`{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}`))\n}\n"
			write(fmt.Sprintf("missing_%d_%d", i, k), body)
		}
	}
	analysistest.Run(t, root, sessionstatus.Analyzer, pkgs...)
}

// rowsCommon is what every generated server shares: a table, a store type
// of the package with (T, bool), (T, error) and bool lookups, a helper
// returning a nil-able session, a validator, and an initialize that mints
// the id and records the session. The handler's tail is appended.
const rowsCommon = `package rows

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync"
)

var _ = slices.Contains[[]string]

const headerSessionID = "Mcp-Session-Id"

type session struct{ id string }

type store struct {
	mu sync.Mutex
	m  map[string]*session
}

func (st *store) Get(id string) (*session, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.m[id]
	return s, ok
}

var errAbsent = errors.New("absent")

func (st *store) Fetch(id string) (*session, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.m[id]
	if !ok {
		return nil, errAbsent
	}
	return s, nil
}

func (st *store) Exists(id string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	_, ok := st.m[id]
	return ok
}

func (st *store) Put(s *session) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.m[s.id] = s
}

type Server struct {
	mu           sync.Mutex
	sessions     map[string]*session
	syncSessions sync.Map
	store        *store
	issued       []string
	list         []*session
}

func (s *Server) getSession(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

func (s *Server) validate(id string) error {
	if _, ok := s.store.Get(id); !ok {
		return errors.New("unknown session")
	}
	return nil
}

func sessionIDOf(r *http.Request) string { return r.Header.Get("Mcp-Session-Id") }

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) register(id string) {
	sess := &session{id: id}
	s.mu.Lock()
	s.sessions[id] = sess
	s.mu.Unlock()
	s.syncSessions.Store(id, sess)
	s.store.Put(sess)
	s.mu.Lock()
	s.issued = append(s.issued, id)
	s.list = append(s.list, sess)
	s.mu.Unlock()
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Method string ` + "`json:\"method\"`" + `
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "parse error")
		return
	}
	if req.Method == "initialize" {
		id := newID()
		s.register(id)
		w.Header().Set(headerSessionID, id)
		_, _ = w.Write([]byte(` + "`" + `{"jsonrpc":"2.0","id":1,"result":{}}` + "`" + `))
		return
	}
`
