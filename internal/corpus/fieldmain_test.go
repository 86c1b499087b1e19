package corpus

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFieldMainJobs runs the same table one repository at a time and three
// at once: the report is the same, and no repository's findings are lost
// (each FLAG site is found only through its own repository's run).
func TestFieldMainJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcpvet and vets three modules")
	}
	checkouts := t.TempDir()
	var table strings.Builder
	table.WriteString("repo\tcommit\tsplit\tfile\tlines\tclass\tlabel\treason\n")
	for i, status := range []string{"StatusNotFound", "StatusBadRequest", "StatusUnauthorized"} {
		repo := fmt.Sprintf("owner/r%d", i)
		dir := filepath.Join(checkouts, fmt.Sprintf("owner+r%d", i))
		write(t, filepath.Join(dir, "go.mod"), fmt.Sprintf("module example.com/r%d\n\ngo 1.22\n", i))
		write(t, filepath.Join(dir, "srv", "srv.go"), `package srv

import "net/http"

var sessions = map[string]bool{}

func Serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session", http.`+status+`)
		return
	}
	if !sessions[id] {
		http.Error(w, "unknown session", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
`)
		label := "FLAG"
		if status == "StatusBadRequest" {
			label = "OK"
		}
		fmt.Fprintf(&table, "%s\tc%d\tstudy\tsrv/srv.go\t9-12\tsessionstatus\t%s\tthe missing id's answer\n", repo, i, label)
	}
	labels := filepath.Join(t.TempDir(), "labels.tsv")
	write(t, labels, table.String())
	var built bytes.Buffer
	bin, err := buildCommand(context.Background(), t.TempDir(), "github.com/mcpwire/mcpwire/cmd/mcpvet", &built)
	if err != nil {
		t.Fatalf("%v\n%s", err, built.String())
	}

	run := func(jobs string) string {
		var stdout, stderr bytes.Buffer
		args := []string{"-checkouts", checkouts, "-labels", labels, "-judged", "", "-second", "", "-split", "study", "-v", "-j", jobs, "-mcpvet", bin}
		if code := FieldMain(args, &stdout, &stderr); code != 0 {
			t.Fatalf("-j %s: exit %d: %s", jobs, code, stderr.String())
		}
		return stdout.String()
	}
	one, three := run("1"), run("3")
	if one != three {
		t.Errorf("-j 1 and -j 3 differ:\n-j 1:\n%s\n-j 3:\n%s", one, three)
	}
	if !strings.Contains(one, "recall 2/2 100% false-positives 0 unjudged 0") {
		t.Errorf("want both FLAG sites found and the OK one silent, got:\n%s", one)
	}
}

func write(t *testing.T, name, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
