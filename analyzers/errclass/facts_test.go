package errclass_test

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

// factBudget bounds one fact's gob encoding, type descriptor included. The
// facts hold a few small ints, flags and one call name; go vet ships every
// dependency's facts to every package, so they must stay small.
const factBudget = 200

// TestFactsRoundTrip encodes every fact errclass and sessionstatus export
// over the fixtures (which include go-sdk's mcp package as a dependency):
// each must encode to the same bytes twice, decode to an equal value, and
// stay under factBudget.
func TestFactsRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks go-sdk from source")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: testdata(t)}
	pkgs, err := packages.Load(cfg, "fixtures/errclass/parsecode", "fixtures/sessionstatus/unknown")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("packages did not load cleanly")
	}
	res, err := checker.Analyze([]*analysis.Analyzer{errclass.Analyzer, sessionstatus.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	for _, act := range res.Roots {
		for _, f := range act.AllObjectFacts() {
			name := reflect.TypeOf(f.Fact).Elem().String()
			types[name]++
			a, b := encode(t, f.Fact), encode(t, f.Fact)
			if !bytes.Equal(a, b) {
				t.Errorf("%s on %s: two encodings differ", name, f.Object)
			}
			if len(a) > factBudget {
				t.Errorf("%s on %s: %d bytes, budget %d", name, f.Object, len(a), factBudget)
			}
			back := reflect.New(reflect.TypeOf(f.Fact).Elem()).Interface()
			if err := gob.NewDecoder(bytes.NewReader(a)).Decode(back); err != nil {
				t.Fatalf("%s: decode: %v", name, err)
			}
			if !reflect.DeepEqual(back, f.Fact) {
				t.Errorf("%s on %s: decoded %v, want %v", name, f.Object, back, f.Fact)
			}
			if c := encode(t, back.(analysis.Fact)); !bytes.Equal(a, c) {
				t.Errorf("%s on %s: re-encoding after decode differs", name, f.Object)
			}
		}
	}
	// Each kind of fact must have been exercised, or the test proves nothing.
	for _, want := range []string{"errclass.sinkFact", "errclass.originFact", "sessionstatus.sinkFact"} {
		if types[want] == 0 {
			t.Errorf("no %s was exported; saw %v", want, types)
		}
	}
	t.Logf("facts checked: %v", types)
}

func encode(t *testing.T, f analysis.Fact) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(f); err != nil {
		t.Fatalf("encode %T: %v", f, err)
	}
	return buf.Bytes()
}
