package corpus

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// TestImportersOf lists the module's packages that import a labelled one,
// directly, and none that do not or that are labelled themselves.
func TestImportersOf(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":          "module example.com/m\n\ngo 1.22\n",
		"transport/t.go":  "package transport\n\nfunc Handle() error { return nil }\n",
		"cmd/srv/main.go": "package main\n\nimport \"example.com/m/transport\"\n\nfunc main() { _ = transport.Handle() }\n",
		"other/o.go":      "package other\n\nfunc F() {}\n",
		"wrap/w.go":       "package wrap\n\nimport \"example.com/m/cmd/lib\"\n\nvar _ = lib.G\n",
		"cmd/lib/lib.go":  "package lib\n\nimport \"example.com/m/transport\"\n\nvar G = transport.Handle\n",
		"labelled2/l2.go": "package labelled2\n\nimport \"example.com/m/transport\"\n\nvar H = transport.Handle\n",
	}
	for name, body := range files {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), body)
	}
	got := importersOf(context.Background(), dir, []string{"./transport", "./labelled2"})
	slices.Sort(got)
	want := []string{"./cmd/lib", "./cmd/srv"}
	if !slices.Equal(got, want) {
		t.Fatalf("importersOf = %q, want %q (direct importers only, labelled packages left out)", got, want)
	}
}
