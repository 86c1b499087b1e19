package judge

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestLoadRun(t *testing.T) {
	got, err := LoadRun("testdata/2025-11-25")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sc := range got {
		names = append(names, sc.Name)
	}
	if want := []string{"server-initialize", "server-sse-polling"}; !slices.Equal(names, want) {
		t.Fatalf("scenarios = %v, want %v", names, want)
	}
	var warnings []string
	for _, c := range got[1].Checks {
		if c.Status == StatusWarning {
			warnings = append(warnings, c.ID)
		}
	}
	if !slices.Equal(warnings, []string{"server-sse-priming-event"}) {
		t.Errorf("server-sse-polling warnings = %v, want [server-sse-priming-event]", warnings)
	}
}

func TestLoadRunRejectsDuplicateScenario(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"server-ping-2026-01-01T00-00-00-000Z", "server-ping-2026-01-01T00-00-01-000Z"} {
		if err := os.Mkdir(dir+"/"+d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/"+d+"/checks.json", []byte(`[{"id":"ping","status":"SUCCESS"}]`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := LoadRun(dir); err == nil || !strings.Contains(err.Error(), "more than one") {
		t.Fatalf("LoadRun = %v, want a duplicate-scenario error", err)
	}
}

func TestParseChecks(t *testing.T) {
	for _, tc := range []struct {
		in      string
		wantErr string
	}{
		{`[]`, ""},
		{`[{"id":"a","status":"INFO","details":{"x":1}}]`, ""},
		{`{}`, "cannot unmarshal"},
		{`[{"status":"SUCCESS"}]`, "no id"},
		{`[{"id":"a","status":"PASSED"}]`, "unknown status"},
		{`[{"id":"a"}]`, "unknown status"},
		{`not json`, "invalid character"},
	} {
		_, err := ParseChecks([]byte(tc.in))
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("ParseChecks(%s) = %v, want error containing %q", tc.in, err, tc.wantErr)
		}
	}
}

func TestParseListing(t *testing.T) {
	for _, tc := range []struct {
		file    string
		count   int
		include []string
		exclude []string
	}{
		// 30 required server scenarios plus the three run but not scored; no client scenario.
		{"testdata/list-2025-11-25.txt", 33,
			[]string{"server-initialize", "dns-rebinding-protection", "server-session-lifecycle", "json-schema-2020-12", "server-sse-polling"},
			[]string{"initialize", "tools_call", "auth/basic-cimd", "json-schema-2020-12-preservation", "auth/dpop"}},
		{"testdata/list-0.1.16.txt", 32, []string{"server-initialize", "server-sse-polling", "dns-rebinding-protection"}, nil},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		got := ParseListing(string(data))
		if len(got) != tc.count {
			t.Errorf("%s: %d scenarios %v, want %d", tc.file, len(got), got, tc.count)
		}
		for _, n := range tc.include {
			if !slices.Contains(got, n) {
				t.Errorf("%s: missing %s", tc.file, n)
			}
		}
		for _, n := range tc.exclude {
			if slices.Contains(got, n) {
				t.Errorf("%s: has client scenario %s", tc.file, n)
			}
		}
	}
}

func FuzzParseChecks(f *testing.F) {
	for _, p := range []string{
		"testdata/2025-11-25/server-server-sse-polling-2026-11-29T14-09-17-949Z/checks.json",
		"testdata/2026-07-28/server-tasks-required-task-error-2026-11-29T14-09-30-459Z/checks.json",
	} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`[{"id":"","status":"SUCCESS"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		checks, err := ParseChecks(data)
		if err != nil {
			return
		}
		for _, c := range checks {
			if c.ID == "" || !slices.Contains([]string{StatusSuccess, StatusFailure, StatusWarning, StatusSkipped, StatusInfo}, c.Status) {
				t.Fatalf("accepted invalid check %+v", c)
			}
		}
	})
}
