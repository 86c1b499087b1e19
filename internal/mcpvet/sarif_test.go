package mcpvet_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

func analyzerNames() []string {
	var names []string
	for _, a := range suite.Analyzers() {
		names = append(names, a.Name)
	}
	return names
}

// sarifLog is the part of SARIF 2.1.0 that code scanning requires, decoded
// independently of the writer's own types.
type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					HelpURI string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful *bool `json:"executionSuccessful"`
		} `json:"invocations"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
						EndLine     int `json:"endLine"`
						EndColumn   int `json:"endColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Fixes []struct {
				Description struct {
					Text string `json:"text"`
				} `json:"description"`
				ArtifactChanges []struct {
					Replacements []struct {
						DeletedRegion struct {
							ByteOffset *int `json:"byteOffset"`
							ByteLength *int `json:"byteLength"`
						} `json:"deletedRegion"`
						InsertedContent struct {
							Text string `json:"text"`
						} `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

// checkSARIF decodes data and checks what SARIF 2.1.0 and GitHub code
// scanning require of it: version, one run with a named driver, rules with
// ids and descriptions, results that point at their rule, carry a message
// and a location with a relative URI and a 1-based region.
func checkSARIF(t *testing.T, data []byte) *sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF output is not JSON: %v\n%s", err, data)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") {
		t.Errorf("version %q, $schema %q; want 2.1.0", log.Version, log.Schema)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "mcpvet" {
		t.Errorf("driver name %q, want mcpvet", run.Tool.Driver.Name)
	}
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == nil {
		t.Errorf("invocations %+v: want one with executionSuccessful", run.Invocations)
	}
	if base, ok := run.OriginalURIBaseIDs["%SRCROOT%"]; !ok || !strings.HasPrefix(base.URI, "file:///") || !strings.HasSuffix(base.URI, "/") {
		t.Errorf("originalUriBaseIds[%%SRCROOT%%] = %+v, want an absolute file URI ending in /", base)
	}
	rules := run.Tool.Driver.Rules
	for _, r := range rules {
		if r.ID == "" || r.ShortDescription.Text == "" || !strings.HasPrefix(r.HelpURI, "https://") {
			t.Errorf("rule %+v lacks an id, a short description or a help URI", r)
		}
	}
	for _, res := range run.Results {
		if res.RuleIndex == nil || *res.RuleIndex < 0 || *res.RuleIndex >= len(rules) || rules[*res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %q: ruleIndex does not point at rule %q", res.Message.Text, res.RuleID)
		}
		if res.Message.Text == "" || res.Level == "" || len(res.Locations) != 1 {
			t.Errorf("result %+v lacks a message, a level or its location", res)
			continue
		}
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") || strings.Contains(loc.ArtifactLocation.URI, ":") {
			t.Errorf("result %q: artifact %+v is not relative to %%SRCROOT%%", res.Message.Text, loc.ArtifactLocation)
		}
		if loc.Region.StartLine < 1 || loc.Region.StartColumn < 1 {
			t.Errorf("result %q: region %+v is not 1-based", res.Message.Text, loc.Region)
		}
	}
	return &log
}

func TestSARIF(t *testing.T) {
	// TestStandaloneMatchesVetTool checks the same findings in text; the
	// SARIF log's shape is checked by testdata/script/sarif.txtar.
	if !slow() {
		t.Skip("slow: a second full analysis of the sample; set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	dir := sampleModule(t)
	r := command(t, dir, mcpvetBin, "-format=sarif", "./...")
	if r.code != 0 {
		t.Fatalf("mcpvet -format=sarif exit code %d\n%s", r.code, r.stderr)
	}
	log := checkSARIF(t, []byte(r.stdout))
	run := log.Runs[0]
	var ids []string
	for _, rule := range run.Tool.Driver.Rules {
		ids = append(ids, rule.ID)
	}
	if strings.Join(ids, " ") != strings.Join(analyzerNames(), " ") {
		t.Errorf("rules %v, want one per analyzer %v", ids, analyzerNames())
	}
	// The text findings, re-rendered from SARIF, are the expected ones.
	var got []string
	fixes := 0
	for _, res := range run.Results {
		loc := res.Locations[0].PhysicalLocation
		got = append(got, loc.ArtifactLocation.URI+":"+strconv.Itoa(loc.Region.StartLine)+":"+strconv.Itoa(loc.Region.StartColumn)+": "+res.Message.Text)
		for _, f := range res.Fixes {
			for _, c := range f.ArtifactChanges {
				for _, rep := range c.Replacements {
					if rep.DeletedRegion.ByteOffset == nil || rep.DeletedRegion.ByteLength == nil || rep.InsertedContent.Text == "" {
						t.Errorf("fix %q: replacement %+v lacks its region or text", f.Description.Text, rep)
					}
					fixes++
				}
			}
		}
	}
	want := readExpected(t)
	if g := strings.Join(findings(strings.Join(got, "\n"), dir), "\n") + "\n"; g != want {
		t.Errorf("SARIF results differ from %s\ngot:\n%s\nwant:\n%s", expectedFile, g, want)
	}
	if fixes == 0 {
		t.Error("no SARIF fix for the misspelled directive")
	}
}
