package judge

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Expectation is one entry of the expected-failures file: in Run, the checks of Scenario (all of them,
// or only Check) may end in FAILURE or WARNING (or only Status, when set), for Reason.
type Expectation struct {
	Run      string
	Scenario string
	Check    string // empty: any check of the scenario
	Status   string // empty: FAILURE or WARNING
	Reason   string
	Line     int // where the entry starts, for messages
}

func (e Expectation) matches(run, scenario string, c Check) bool {
	return e.Run == run && e.Scenario == scenario &&
		(e.Check == "" || e.Check == c.ID) &&
		(e.Status == "" || e.Status == c.Status)
}

func (e Expectation) String() string {
	s := fmt.Sprintf("line %d: %s %s", e.Line, e.Run, e.Scenario)
	if e.Check != "" {
		s += " " + e.Check
	}
	if e.Status != "" {
		s += " " + e.Status
	}
	return s
}

// ParseExpectations reads the expected-failures file. Its format is the small YAML subset
//
//	# comment
//	- run: 2026-07-28
//	  scenario: tasks-lifecycle
//	  check: some-check-id        # optional
//	  status: WARNING             # optional
//	  reason: "why this is expected"
//
// a list of flat maps whose values are plain or double-quoted scalars. It is strict: an unknown key,
// a repeated key, a missing run, scenario or reason, or anything outside the subset is an error, so a
// typo cannot silently widen or drop an entry.
func ParseExpectations(r io.Reader) ([]Expectation, error) {
	var out []Expectation
	var cur *Expectation
	seen := map[string]bool{}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if cur.Run == "" || cur.Scenario == "" || cur.Reason == "" {
			return fmt.Errorf("line %d: an entry needs run, scenario and reason", cur.Line)
		}
		out = append(out, *cur)
		cur = nil
		return nil
	}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		body := strings.TrimSpace(line)
		if body == "" || strings.HasPrefix(body, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(line, "- "):
			if err := finish(); err != nil {
				return nil, err
			}
			cur = &Expectation{Line: n}
			seen = map[string]bool{}
			line = line[2:]
		case strings.HasPrefix(line, "  ") && cur != nil:
			line = line[2:]
		default:
			return nil, fmt.Errorf("line %d: expected \"- key: value\" or \"  key: value\"", n)
		}
		key, raw, ok := strings.Cut(line, ":")
		if !ok || key == "" || strings.TrimSpace(key) != key {
			return nil, fmt.Errorf("line %d: expected key: value", n)
		}
		value, err := scalar(raw)
		if err != nil {
			return nil, fmt.Errorf("line %d: %s: %w", n, key, err)
		}
		if seen[key] {
			return nil, fmt.Errorf("line %d: %s given twice", n, key)
		}
		seen[key] = true
		switch key {
		case "run":
			cur.Run = value
		case "scenario":
			cur.Scenario = value
		case "check":
			cur.Check = value
		case "status":
			if value != StatusFailure && value != StatusWarning {
				return nil, fmt.Errorf("line %d: status must be %s or %s", n, StatusFailure, StatusWarning)
			}
			cur.Status = value
		case "reason":
			cur.Reason = value
		default:
			return nil, fmt.Errorf("line %d: unknown key %q", n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// scalar decodes a value: a double-quoted string (Go escapes, which cover YAML's common ones) or a
// plain scalar, either followed by an optional " # comment".
func scalar(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(s, `"`) {
		quoted, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", fmt.Errorf("bad quoted value")
		}
		rest := strings.TrimSpace(s[len(quoted):])
		if rest != "" && !strings.HasPrefix(rest, "#") {
			return "", fmt.Errorf("text after the quoted value")
		}
		return strconv.Unquote(quoted)
	}
	if i := strings.Index(s, " #"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	if s == "" {
		return "", fmt.Errorf("empty value")
	}
	if strings.ContainsAny(s[:1], `'[{&*!|>%@`+"`") {
		return "", fmt.Errorf("only plain or double-quoted scalars are supported")
	}
	return s, nil
}
