package mcpvet_test

import (
	"strings"
	"testing"
)

// TestVetToolNamesAnalyzer: under go vet, as standalone, each finding ends
// with the name of the analyzer that made it, the name //mcpvet:ignore takes.
func TestVetToolNamesAnalyzer(t *testing.T) {
	dir := sampleModule(t)
	r := command(t, dir, "go", "vet", "-vettool="+mcpvetBin, "./...")
	n := 0
	for _, l := range strings.Split(r.stderr, "\n") {
		if l == "" || strings.HasPrefix(l, "#") || strings.Contains(l, ": \t") {
			continue
		}
		n++
		if !analyzerSuffix.MatchString(l) {
			t.Errorf("go vet line without the analyzer's name: %s", l)
		}
	}
	if n == 0 {
		t.Fatalf("go vet printed no finding:\n%s", r.stderr)
	}
}
