package refusal

import (
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/protocol.md's Refusals table from Rows")

// docPath is the document the table is read from.
var docPath = filepath.Join("..", "..", "..", "docs", "protocol.md")

const tableHeader = "| row | condition | method | HTTP | code | message | where | handler test |"

// markdown renders r as a line of the document's table.
func markdown(r Row) string {
	status := strconv.Itoa(r.Status)
	if r.Header != "" {
		status += " + `" + r.Header + "`"
	}
	test := "driven"
	if r.NotDriven != "" {
		test = "not driven: " + r.NotDriven
	}
	return fmt.Sprintf("| `%s` | %s | %s | %s | %d | `%s` | %s | %s |",
		r.ID, r.Condition, r.Methods, status, r.Code, r.Message, r.Where, test)
}

// parseRow reads one line of the table back into a Row.
func parseRow(line string) (Row, error) {
	cells := strings.Split(strings.Trim(line, "|"), " | ")
	if len(cells) != 8 {
		return Row{}, fmt.Errorf("%d cells, want 8", len(cells))
	}
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	var r Row
	r.ID = strings.Trim(cells[0], "`")
	r.Condition, r.Methods = cells[1], cells[2]
	status, header, _ := strings.Cut(cells[3], " + ")
	n, err := strconv.Atoi(status)
	if err != nil {
		return Row{}, fmt.Errorf("HTTP %q: %v", cells[3], err)
	}
	r.Status, r.Header = n, strings.Trim(header, "`")
	if r.Code, err = strconv.ParseInt(cells[4], 10, 64); err != nil {
		return Row{}, fmt.Errorf("code %q: %v", cells[4], err)
	}
	r.Message = strings.Trim(cells[5], "`")
	r.Where = cells[6]
	if rest, ok := strings.CutPrefix(cells[7], "not driven: "); ok {
		r.NotDriven = rest
	} else if cells[7] != "driven" {
		return Row{}, fmt.Errorf("handler test %q: want driven or not driven: WHY", cells[7])
	}
	return r, nil
}

// docTable returns the document's lines and the index range [from, to) of
// the Refusals table's rows.
func docTable(t *testing.T) (lines []string, from, to int) {
	t.Helper()
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(string(data), "\n")
	section := false
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			section = l == "## Refusals"
		}
		if section && l == tableHeader {
			from = i + 2 // past the separator
			to = from
			for to < len(lines) && strings.HasPrefix(lines[to], "|") {
				to++
			}
			return lines, from, to
		}
	}
	t.Fatalf("%s: no table %q under \"## Refusals\"", docPath, tableHeader)
	return nil, 0, 0
}

// TestTableMatchesDoc: Rows and docs/protocol.md's "Refusals" table are the
// same table, row for row; editing one without the other fails here.
func TestTableMatchesDoc(t *testing.T) {
	lines, from, to := docTable(t)
	if *update {
		var out []string
		out = append(out, lines[:from]...)
		for _, r := range Rows {
			out = append(out, markdown(r))
		}
		out = append(out, lines[to:]...)
		if err := os.WriteFile(docPath, []byte(strings.Join(out, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var doc []Row
	for i := from; i < to; i++ {
		r, err := parseRow(lines[i])
		if err != nil {
			t.Errorf("%s:%d: %v", docPath, i+1, err)
			continue
		}
		doc = append(doc, r)
	}
	for i := 0; i < max(len(doc), len(Rows)); i++ {
		switch {
		case i >= len(doc):
			t.Errorf("row %q is in Rows, not in %s; its line:\n%s", Rows[i].ID, docPath, markdown(Rows[i]))
		case i >= len(Rows):
			t.Errorf("%s:%d: row %q is not in Rows", docPath, from+i+1, doc[i].ID)
		case !reflect.DeepEqual(doc[i], Rows[i]):
			t.Errorf("%s:%d: the document has\n%s\nRows has\n%s", docPath, from+i+1, markdown(doc[i]), markdown(Rows[i]))
		}
	}
	if t.Failed() {
		t.Log("to rewrite the document's table from Rows: go test ./analyzers/internal/refusal -run TestTableMatchesDoc -update")
	}
}

// TestIDsNameRows: every id the analyzers use names one row, and no two rows
// share an id.
func TestIDsNameRows(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rows {
		if seen[r.ID] {
			t.Errorf("two rows %q", r.ID)
		}
		seen[r.ID] = true
	}
	for _, id := range []string{ServerFailure, SessionMissing, SessionUnknown, SessionForbidden, NotJSON, NotJSONRPC, BodyTooLarge, BodyUnreadable} {
		if !seen[id] {
			t.Errorf("no row %q", id)
		}
	}
}

// TestImportsStdlibOnly: the analyzers import this package, and they must not
// depend on the runtime or go-sdk (they recognise both by shape).
func TestImportsStdlibOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
				t.Errorf("%s imports %s: only the standard library", name, path)
			}
		}
	}
}
