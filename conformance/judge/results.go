package judge

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Statuses a check can have in checks.json.
const (
	StatusSuccess = "SUCCESS"
	StatusFailure = "FAILURE"
	StatusWarning = "WARNING"
	StatusSkipped = "SKIPPED"
	StatusInfo    = "INFO"
)

// Check is one entry of a scenario's checks.json; fields the judge does not use are not decoded.
type Check struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	ErrorMessage string `json:"errorMessage,omitempty"`
}

// Scenario is the checks one scenario produced in one run.
type Scenario struct {
	Name   string
	Checks []Check
}

// resultDir matches the directory the suite writes per scenario: "server-" + scenario + "-" +
// an ISO timestamp with ':' and '.' replaced by '-'.
var resultDir = regexp.MustCompile(`^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$`)

// LoadRun reads every <dir>/server-<scenario>-<time>/checks.json, sorted by scenario name. A scenario
// run twice into the same directory is an error: the caller clears the directory before each run.
func LoadRun(dir string) ([]Scenario, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []Scenario
	for _, e := range entries {
		m := resultDir.FindStringSubmatch(e.Name())
		if !e.IsDir() || m == nil {
			continue
		}
		name := m[1]
		if seen[name] {
			return nil, fmt.Errorf("%s: scenario %s has more than one result directory", dir, name)
		}
		seen[name] = true
		path := filepath.Join(dir, e.Name(), "checks.json")
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		checks, err := ParseChecks(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, Scenario{Name: name, Checks: checks})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ParseChecks decodes a checks.json document: a JSON array of checks, each with an id and a known
// status. Anything else is an error rather than a silently empty scenario.
func ParseChecks(data []byte) ([]Check, error) {
	var checks []Check
	if err := json.Unmarshal(data, &checks); err != nil {
		return nil, fmt.Errorf("checks.json: %w", err)
	}
	for i, c := range checks {
		if c.ID == "" {
			return nil, fmt.Errorf("checks.json: check %d has no id", i)
		}
		switch c.Status {
		case StatusSuccess, StatusFailure, StatusWarning, StatusSkipped, StatusInfo:
		default:
			return nil, fmt.Errorf("checks.json: check %s has unknown status %q", c.ID, c.Status)
		}
	}
	return checks, nil
}

// ParseListing extracts the server scenario names from `conformance list --server [--requirements R]`
// output: every item of the "Server scenarios" section, plus items tagged [server] in the
// "Run and reported, but never scored" section that --requirements prints.
func ParseListing(text string) []string {
	var names []string
	section := ""
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		if line[0] != ' ' {
			section = line
			continue
		}
		item, ok := strings.CutPrefix(strings.TrimSpace(line), "- ")
		if !ok {
			continue
		}
		name, tag, _ := strings.Cut(item, " ")
		if strings.HasPrefix(section, "Server scenarios") || tag == "[server]" {
			names = append(names, name)
		}
	}
	return names
}
