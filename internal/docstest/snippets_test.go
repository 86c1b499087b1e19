package docstest

import (
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	doc := strings.Join([]string{
		"# Title",  // 1
		"```sh",    // 2
		"go run .", // 3
		"```",      // 4
		"<!-- no-compile: shows a shape only -->", // 5
		"",               // 6
		"```go",          // 7
		"x := 1",         // 8
		"```",            // 9
		"- a list item:", // 10
		"  ```go",        // 11
		"  func f() {}",  // 12
		"  ```",          // 13
	}, "\n")
	got, err := Extract("doc.md", doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []Snippet{
		{File: "doc.md", Line: 8, Code: "x := 1\n", Skip: "shows a shape only"},
		{File: "doc.md", Line: 12, Code: "func f() {}\n"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d snippets %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("snippet %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestExtractRefuses(t *testing.T) {
	for name, doc := range map[string]string{
		"unterminated":     "```go\nx := 1\n",
		"no reason":        "<!-- no-compile: -->\n```go\nx := 1\n```\n",
		"no reason at all": "<!-- no-compile:-->\n```go\nx := 1\n```\n",
	} {
		if _, err := Extract("doc.md", doc); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestKindOf(t *testing.T) {
	for code, want := range map[string]Kind{
		"package main\n\nfunc main() {}\n": File,
		"func f() {}\n\ntype T int\n":      Decls,
		"x := 1\n_ = x\n":                  Fragment,
		"if err != nil {\n\treturn\n}\n":   Fragment,
	} {
		got, err := KindOf(code)
		if err != nil || got != want {
			t.Errorf("KindOf(%q) = %v, %v; want %v", code, got, err, want)
		}
	}
	if _, err := KindOf("t := f(\n"); err == nil {
		t.Error("KindOf accepted code that parses no way")
	}
}
