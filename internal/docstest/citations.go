package docstest

import (
	"bufio"
	"os"
	"regexp"
	"strings"
)

// Citation is a reference to a section of a Markdown file by its heading, as
// code and docs cite the wire rules: `docs/protocol.md, "Refusals"`, or
// `[protocol.md](protocol.md) ("Decoding", "Limits")`.
type Citation struct {
	Line    int
	Doc     string // the cited file as written, e.g. "docs/protocol.md"
	Section string
}

var (
	// A file name ending in .md, an optional Markdown link target, then a
	// comma or an opening parenthesis and one or more quoted headings.
	citationRE = regexp.MustCompile(`([\w./-]*[\w-]+\.md)(?:\]\([^)]*\))?(?:,\s*|\s*\()((?:"[^"\n]+"(?:,\s*)?)+)`)
	quotedRE   = regexp.MustCompile(`"([^"\n]+)"`)
)

// Citations returns the section citations in text.
func Citations(text string) []Citation {
	var out []Citation
	for i, line := range strings.Split(text, "\n") {
		for _, m := range citationRE.FindAllStringSubmatch(line, -1) {
			for _, q := range quotedRE.FindAllStringSubmatch(m[2], -1) {
				out = append(out, Citation{Line: i + 1, Doc: m[1], Section: q[1]})
			}
		}
	}
	return out
}

// Headings returns the headings of a Markdown file, without their #s, as a
// set. Lines inside fenced blocks are not headings.
func Headings(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]bool{}
	fenced := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced && strings.HasPrefix(line, "#") {
			out[strings.TrimSpace(strings.TrimLeft(line, "#"))] = true
		}
	}
	return out, sc.Err()
}
