package docstest

import (
	"bufio"
	"fmt"
	"strings"
)

// Snippet is one fenced Go block of a Markdown file.
type Snippet struct {
	File string // the Markdown file, as given to Extract
	Line int    // the line of the block's first code line, 1-based
	Code string // the block's lines, with the fence's indentation removed
	// Skip is the reason of a `<!-- no-compile: REASON -->` comment on the
	// last non-blank line before the fence; empty when there is none.
	Skip string
}

const noCompile = "<!-- no-compile:"

// Extract returns the ```go blocks of a Markdown document. A fence may be
// indented (inside a list item); the same indentation is removed from its
// lines. An unterminated block or a no-compile comment without a reason is
// an error, since either would quietly check less than the author meant.
func Extract(file, text string) ([]Snippet, error) {
	var (
		out      []Snippet
		cur      *Snippet
		indent   string
		lines    []string
		lastText string // the last non-blank line outside a block
		lineNo   int
	)
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " \t")
		if cur != nil {
			if strings.HasPrefix(trimmed, "```") && strings.TrimSpace(trimmed) == "```" {
				cur.Code = strings.Join(lines, "\n") + "\n"
				out = append(out, *cur)
				cur, lines, lastText = nil, nil, ""
				continue
			}
			lines = append(lines, strings.TrimPrefix(line, indent))
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			lang := strings.TrimSpace(strings.TrimPrefix(trimmed, "```"))
			if lang == "go" {
				s := Snippet{File: file, Line: lineNo + 1}
				if strings.HasPrefix(lastText, noCompile) {
					reason := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(lastText, noCompile), "-->"))
					if reason == "" {
						return nil, fmt.Errorf("%s:%d: %s without a reason", file, lineNo-1, noCompile)
					}
					s.Skip = reason
				}
				cur, indent = &s, line[:len(line)-len(trimmed)]
				continue
			}
			// Another language's block: skip to its end so that its lines
			// are not taken for Markdown.
			for sc.Scan() {
				lineNo++
				if strings.TrimSpace(sc.Text()) == "```" {
					break
				}
			}
			lastText = ""
			continue
		}
		if strings.TrimSpace(line) != "" {
			lastText = strings.TrimSpace(line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: a ```go block that never ends", file, cur.Line-1)
	}
	return out, nil
}
