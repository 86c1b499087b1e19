package answers_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/facttest"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// TestSinkFacts checks the fact of every helper shape (the // want facts in
// fixtures/answers/sinks), then the answers a package calling them is
// summarised with: the helpers' status and code come through the facts,
// and each answer carries the session condition it is given under.
func TestSinkFacts(t *testing.T) {
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, answers.Analyzer, "fixtures/answers/sinks", "fixtures/answers/usesinks")
	var acts []*checker.Action
	for _, r := range results {
		acts = append(acts, r.Action)
	}
	// A fact crosses go vet's process boundary gob-encoded: it must round-trip.
	if seen := facttest.RoundTrip(t, acts, 220); seen["answers.SinkFact"] < 5 {
		t.Errorf("want the 5 sink facts of fixtures/answers/sinks, saw %v", seen)
	}

	var res *answers.Result
	for _, r := range results {
		if r.Action.Package.PkgPath == "fixtures/answers/usesinks" {
			res, _ = r.Result.(*answers.Result)
		}
	}
	if res == nil {
		t.Fatal("no result for fixtures/answers/usesinks")
	}
	got := map[string][]*answers.Answer{}
	for _, n := range res.Funcs {
		if fd, ok := n.(*ast.FuncDecl); ok {
			got[fd.Name.Name] = res.Answers[n]
		}
	}

	// handle: Gone (404) and Unparsable (400/-32700 about errBad); Pick
	// writes one of two answers, so it is no answer of handle's.
	h := got["handle"]
	if len(h) != 2 {
		t.Fatalf("handle: %d answers, want 2 (Gone, Unparsable)", len(h))
	}
	if h[0].Kind != httpwrite.Helper || h[0].Status != 404 || h[0].HasCode {
		t.Errorf("handle: first answer %+v, want the helper Gone's 404 without a code", h[0].Write)
	}
	if h[1].Status != 400 || !h[1].HasCode || h[1].Code != -32700 || len(h[1].Causes) != 1 {
		t.Errorf("handle: second answer %+v, want 400/-32700 about one error", h[1].Write)
	}
	for _, a := range h {
		if a.HasSession {
			t.Errorf("handle: answer at %v has session condition %+v; handle reads no session id", a.Node.Pos(), a.Session)
		}
	}

	// route: missing id, unknown id, then an answer about the body.
	r := got["route"]
	want := []struct {
		status     int
		hasSession bool
		kind       session.Kind
	}{{400, true, session.Missing}, {404, true, session.Unknown}, {400, false, 0}}
	if len(r) != len(want) {
		t.Fatalf("route: %d answers, want %d", len(r), len(want))
	}
	for i, w := range want {
		a := r[i]
		if a.Status != w.status || a.HasSession != w.hasSession || a.HasSession && a.Session.Kind != w.kind {
			t.Errorf("route: answer %d = status %d session %v %+v, want status %d session %v kind %d", i, a.Status, a.HasSession, a.Session, w.status, w.hasSession, w.kind)
		}
	}
}
