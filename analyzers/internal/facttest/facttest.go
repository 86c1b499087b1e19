// Package facttest checks that analysis facts survive the trip go vet
// sends them on: gob-encoded by one process and decoded by another. Each
// fact must encode to the same bytes every time (vet caches by content),
// decode to an equal value, and stay small (every dependency's facts reach
// every package).
package facttest

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// RoundTrip checks every object fact the actions hold (their own and those
// of their dependencies, and those of the analyzers they require, such as
// answers.Analyzer's) and returns how many facts of each type it saw, keyed
// by type name ("answers.SinkFact"), so callers can require that each fact
// type was exercised.
func RoundTrip(t testing.TB, acts []*checker.Action, budget int) map[string]int {
	t.Helper()
	seen := map[string]int{}
	done := map[analysis.Fact]bool{}
	for _, act := range withRequired(acts) {
		for _, f := range act.AllObjectFacts() {
			if done[f.Fact] {
				continue
			}
			done[f.Fact] = true
			typ := reflect.TypeOf(f.Fact).Elem()
			seen[typ.String()]++
			a, b := encode(t, f.Fact), encode(t, f.Fact)
			if !bytes.Equal(a, b) {
				t.Errorf("%s on %s: two encodings differ", typ, f.Object)
			}
			if len(a) > budget {
				t.Errorf("%s on %s: %d bytes, budget %d", typ, f.Object, len(a), budget)
			}
			back := reflect.New(typ).Interface().(analysis.Fact)
			if err := gob.NewDecoder(bytes.NewReader(a)).Decode(back); err != nil {
				t.Fatalf("%s: decode: %v", typ, err)
			}
			if !reflect.DeepEqual(back, f.Fact) {
				t.Errorf("%s on %s: decoded %v, want %v", typ, f.Object, back, f.Fact)
			}
			if c := encode(t, back); !bytes.Equal(a, c) {
				t.Errorf("%s on %s: re-encoding after decode differs", typ, f.Object)
			}
		}
	}
	return seen
}

func encode(t testing.TB, f analysis.Fact) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(f); err != nil {
		t.Fatalf("encode %T: %v", f, err)
	}
	return buf.Bytes()
}

// withRequired is acts and, transitively, the actions they depend on: a
// required analyzer's facts live on its own actions, not on the requiring
// analyzer's.
func withRequired(acts []*checker.Action) []*checker.Action {
	var out []*checker.Action
	seen := map[*checker.Action]bool{}
	var walk func(*checker.Action)
	walk = func(a *checker.Action) {
		if seen[a] {
			return
		}
		seen[a] = true
		out = append(out, a)
		for _, d := range a.Deps {
			walk(d)
		}
	}
	for _, a := range acts {
		walk(a)
	}
	return out
}

// Same reports, as test errors, the lines of two sorted lists of facts or
// findings that only one of them holds, each after the name of the run that
// holds it alone: two runs that must agree (a pre-screen on and off, facts
// only and findings read) show every difference, not the first.
func Same(t testing.TB, aName string, a []string, bName string, b []string) {
	t.Helper()
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			t.Errorf("%s only: %s", aName, s)
		}
	}
	for _, s := range b {
		if _, found := slices.BinarySearch(a, s); !found {
			t.Errorf("%s only: %s", bName, s)
		}
	}
}
