package docstest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCitationsParse(t *testing.T) {
	text := "see docs/protocol.md, \"Refusals\"\n" +
		"rules in [protocol.md](protocol.md) (\"Decoding\", \"Host and Origin\")\n" +
		"files := []string{\"README.md\", \".pre-commit-hooks.yaml\"}\n"
	got := Citations(text)
	want := []Citation{
		{1, "docs/protocol.md", "Refusals"},
		{2, "protocol.md", "Decoding"},
		{2, "protocol.md", "Host and Origin"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("citation %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestSectionCitationsResolve: wherever the repository's code and docs cite a
// doc's section by name (a file name, then the heading in quotes), the doc
// has that heading, so renaming a section cannot leave its citations behind. A cited file that does not
// exist in this tree is logged, not failed: it is another change's to add.
func TestSectionCitationsResolve(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]map[string]bool{}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", ".cache", "testdata", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".txtar", ".tmpl":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, c := range Citations(string(data)) {
			doc := resolveDoc(root, rel, c.Doc)
			if doc == "" {
				t.Logf("%s:%d: %s is not in this tree; %q not checked", rel, c.Line, c.Doc, c.Section)
				continue
			}
			h, ok := headings[doc]
			if !ok {
				if h, err = Headings(doc); err != nil {
					return err
				}
				headings[doc] = h
			}
			checked++
			if !h[c.Section] {
				docRel, _ := filepath.Rel(root, doc)
				t.Errorf("%s:%d cites %s, %q: %s has no such heading", rel, c.Line, c.Doc, c.Section, docRel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("found no section citation; the pattern no longer matches how the code cites docs")
	}
}

// resolveDoc finds the file a citation names: as a path from the citing
// file's directory, from the root, or from docs/ (code cites "protocol.md"
// for docs/protocol.md). "" when there is none.
func resolveDoc(root, from, doc string) string {
	candidates := []string{
		filepath.Join(root, filepath.Dir(from), doc),
		filepath.Join(root, doc),
	}
	if !strings.Contains(doc, "/") {
		candidates = append(candidates, filepath.Join(root, "docs", doc))
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return c
		}
	}
	return ""
}
