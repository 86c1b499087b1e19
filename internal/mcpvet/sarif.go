package mcpvet

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// runSARIF runs the same analysis as text mode (same flags, same package
// loading) and converts its -json tree to SARIF, which is written whatever
// happened: with no package matched it is a run with zero results. Exit
// code: 0 when the analysis ran, findings or not (like -json: the findings
// are in the output); 1 when a package failed to load, nothing matched or
// an analyzer failed, each a tool execution notification, with
// executionSuccessful false.
func runSARIF(opts *options, stdout, stderr io.Writer) int {
	var notes []sarifNotification
	tree := jsonTree{}
	res, err := analyze(opts, nil)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname, err)
		notes = append(notes, sarifNotification{Level: "error", Message: sarifMessage{err.Error()}})
	} else {
		res.reportProblems(stderr, opts.args)
		for _, f := range res.failures {
			notes = append(notes, sarifNotification{Level: "error", Message: sarifMessage{f.String()}})
		}
		if res.noMatch {
			notes = append(notes, sarifNotification{Level: "error", Message: sarifMessage{strings.Join(opts.args, " ") + " matched no packages"}})
		}
		res.failures = nil // notified once per package above, not per analyzer
		if tree, err = res.jsonTreeOf(opts.analyzers); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitFailure
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname, err)
		return exitFailure
	}
	log := toSARIF(tree, suite.Analyzers(), moduleRoot(wd), toolVersion(), os.ReadFile)
	inv := &log.Runs[0].Invocations[0]
	if len(notes) > 0 {
		inv.ToolExecutionNotifications = append(notes, inv.ToolExecutionNotifications...)
		inv.ExecutionSuccessful = false
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname, err)
		return exitFailure
	}
	if !inv.ExecutionSuccessful {
		return exitFailure
	}
	return exitOK
}

// moduleRoot returns the directory of the go.mod governing dir, or dir.
// SARIF URIs are relative to it, so results from a checkout line up with
// the repository's files wherever it was cloned.
func moduleRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// toolVersion is the module version mcpvet was built at, without the "v"
// (SARIF wants a version that starts with a number), or 0.0.0-devel for a
// build from a checkout.
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return strings.TrimPrefix(bi.Main.Version, "v")
	}
	return "0.0.0-devel"
}

// jsonTree is the multichecker's -json output: package ID to analyzer name
// to either a list of diagnostics or {"error": "..."}.
type jsonTree map[string]map[string]json.RawMessage

// jsonDiagnostic mirrors x/tools' JSONDiagnostic (internal/analysis/driverutil).
type jsonDiagnostic struct {
	Category       string `json:"category,omitempty"`
	Posn           string `json:"posn"`
	End            string `json:"end"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Message string `json:"message"`
		Edits   []struct {
			Filename string `json:"filename"`
			Start    int    `json:"start"`
			End      int    `json:"end"`
			New      string `json:"new"`
		} `json:"edits"`
	} `json:"suggested_fixes,omitempty"`
	Related []struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	} `json:"related,omitempty"`
}

// The SARIF 2.1.0 subset mcpvet writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		Invocations        []sarifInvocation           `json:"invocations"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds"`
		Results            []sarifResult               `json:"results"`
		ColumnKind         string                      `json:"columnKind"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"` // the analyzer name; SARIF's optional friendly name must differ from it, so there is none
		ShortDescription     sarifMessage `json:"shortDescription"`
		FullDescription      sarifMessage `json:"fullDescription"`
		Help                 sarifMessage `json:"help"`
		HelpURI              string       `json:"helpUri,omitempty"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level      string       `json:"level"`
		Message    sarifMessage `json:"message"`
		Descriptor *struct {
			ID string `json:"id"`
		} `json:"descriptor,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          sarifMessage    `json:"message"`
		Locations        []sarifLocation `json:"locations"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
		Fixes            []sarifFix      `json:"fixes,omitempty"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifMessage `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           *sarifRegion     `json:"region,omitempty"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int  `json:"startLine,omitempty"`
		StartColumn int  `json:"startColumn,omitempty"`
		EndLine     int  `json:"endLine,omitempty"`
		EndColumn   int  `json:"endColumn,omitempty"`
		ByteOffset  *int `json:"byteOffset,omitempty"`
		ByteLength  *int `json:"byteLength,omitempty"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
		Replacements     []sarifReplacement `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion  `json:"deletedRegion"`
		InsertedContent sarifMessage `json:"insertedContent"`
	}
)

const (
	sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
	srcRoot     = "%SRCROOT%"
)

// toSARIF converts a multichecker JSON tree. Rules come from analyzers
// (Name, the Doc title line, URL); URIs are relative to root when the file
// is under it; columns are converted from Go's byte columns to SARIF's
// default UTF-16 code units using readFile. Results are deduplicated (a
// file of package p is analysed again in p's test variant) and sorted, so
// the output is stable.
func toSARIF(tree jsonTree, analyzers []*analysis.Analyzer, root, version string, readFile func(string) ([]byte, error)) *sarifLog {
	conv := &converter{root: root, readFile: readFile, files: map[string][]byte{}}
	driver := sarifDriver{Name: "mcpvet", Version: version, InformationURI: "https://github.com/mcpwire/mcpwire#mcpvet", Rules: []sarifRule{}}
	ruleIndex := map[string]int{}
	addRule := func(name, doc, url string) int {
		if i, ok := ruleIndex[name]; ok {
			return i
		}
		title, rest, _ := strings.Cut(doc, "\n")
		title = strings.TrimPrefix(title, name+": ")
		r := sarifRule{
			ID:               name,
			ShortDescription: sarifMessage{cmp.Or(title, name)},
			FullDescription:  sarifMessage{cmp.Or(strings.TrimSpace(rest), title, name)},
			Help:             sarifMessage{cmp.Or(strings.TrimSpace(doc), name)},
			HelpURI:          url,
		}
		r.DefaultConfiguration.Level = "warning"
		ruleIndex[name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, r)
		return ruleIndex[name]
	}
	for _, a := range analyzers {
		addRule(a.Name, a.Doc, a.URL)
	}

	inv := sarifInvocation{ExecutionSuccessful: true}
	results := []sarifResult{}
	type key struct{ analyzer, posn, end, message string }
	seen := map[key]bool{}
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		for _, name := range slices.Sorted(maps.Keys(tree[pkg])) {
			raw := bytes.TrimSpace(tree[pkg][name])
			if len(raw) > 0 && raw[0] == '{' {
				var e struct {
					Error string `json:"error"`
				}
				_ = json.Unmarshal(raw, &e)
				n := sarifNotification{Level: "error", Message: sarifMessage{fmt.Sprintf("%s: %s: %s", pkg, name, e.Error)}}
				n.Descriptor = &struct {
					ID string `json:"id"`
				}{name}
				inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
				inv.ExecutionSuccessful = false
				continue
			}
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
					sarifNotification{Level: "error", Message: sarifMessage{fmt.Sprintf("%s: %s: unreadable result: %v", pkg, name, err)}})
				inv.ExecutionSuccessful = false
				continue
			}
			for _, d := range diags {
				k := key{name, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				results = append(results, conv.result(d, name, addRule(name, "", "")))
			}
		}
	}
	slices.SortFunc(results, func(a, b sarifResult) int {
		pa, pb := a.Locations[0].PhysicalLocation, b.Locations[0].PhysicalLocation
		ra, rb := cmp.Or(pa.Region, &sarifRegion{}), cmp.Or(pb.Region, &sarifRegion{})
		return cmp.Or(
			cmp.Compare(pa.ArtifactLocation.URI, pb.ArtifactLocation.URI),
			cmp.Compare(ra.StartLine, rb.StartLine),
			cmp.Compare(ra.StartColumn, rb.StartColumn),
			cmp.Compare(a.RuleID, b.RuleID),
			cmp.Compare(a.Message.Text, b.Message.Text))
	})

	rootURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()
	return &sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:               sarifTool{Driver: driver},
			Invocations:        []sarifInvocation{inv},
			OriginalURIBaseIDs: map[string]sarifArtifactLoc{srcRoot: {URI: rootURI}},
			Results:            results,
			ColumnKind:         "utf16CodeUnits",
		}},
	}
}

type converter struct {
	root     string
	readFile func(string) ([]byte, error)
	files    map[string][]byte // contents by name; nil when unreadable
}

func (c *converter) result(d jsonDiagnostic, rule string, index int) sarifResult {
	r := sarifResult{
		RuleID: rule, RuleIndex: index, Level: "warning",
		Message:   sarifMessage{d.Message},
		Locations: []sarifLocation{{PhysicalLocation: c.physical(d.Posn, d.End)}},
	}
	for i, rel := range d.Related {
		id := i + 1
		r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
			ID: &id, PhysicalLocation: c.physical(rel.Posn, rel.End), Message: &sarifMessage{rel.Message},
		})
	}
	for _, f := range d.SuggestedFixes {
		fix := sarifFix{Description: sarifMessage{f.Message}}
		byFile := map[string]int{}
		for _, e := range f.Edits {
			i, ok := byFile[e.Filename]
			if !ok {
				i = len(fix.ArtifactChanges)
				byFile[e.Filename] = i
				fix.ArtifactChanges = append(fix.ArtifactChanges, sarifArtifactChange{ArtifactLocation: c.artifact(e.Filename)})
			}
			off, n := e.Start, e.End-e.Start
			fix.ArtifactChanges[i].Replacements = append(fix.ArtifactChanges[i].Replacements, sarifReplacement{
				DeletedRegion:   sarifRegion{ByteOffset: &off, ByteLength: &n},
				InsertedContent: sarifMessage{e.New},
			})
		}
		if len(fix.ArtifactChanges) > 0 {
			r.Fixes = append(r.Fixes, fix)
		}
	}
	return r
}

// artifact names file relative to the module root when it is inside it,
// else by its absolute file URI.
func (c *converter) artifact(file string) sarifArtifactLoc {
	if rel, err := filepath.Rel(c.root, file); err == nil && filepath.IsAbs(file) && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
	}
	return sarifArtifactLoc{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
}

// physical converts a "file:line:col" pair (x/tools' token.Position
// strings) into a SARIF physical location.
func (c *converter) physical(posn, end string) sarifPhysical {
	file, line, col := splitPosn(posn)
	p := sarifPhysical{ArtifactLocation: c.artifact(file)}
	if line == 0 {
		return p
	}
	p.Region = &sarifRegion{StartLine: line, StartColumn: c.column(file, line, col)}
	if efile, eline, ecol := splitPosn(end); efile == file && eline > 0 && (eline != line || ecol != col) {
		p.Region.EndLine, p.Region.EndColumn = eline, c.column(file, eline, ecol)
	}
	return p
}

// splitPosn parses "file:line:col", "file:line" or "file"; the file name
// may itself hold colons, so the numbers are taken from the right.
func splitPosn(s string) (file string, line, col int) {
	file = s
	if i := strings.LastIndexByte(file, ':'); i >= 0 {
		if n, err := strconv.Atoi(file[i+1:]); err == nil {
			file, line = file[:i], n
			if j := strings.LastIndexByte(file, ':'); j >= 0 {
				if m, err := strconv.Atoi(file[j+1:]); err == nil {
					file, line, col = file[:j], m, n
				}
			}
		}
	}
	return file, line, col
}

// column converts Go's 1-based byte column into SARIF's 1-based UTF-16 code
// unit column; it keeps the byte column when the file cannot be read.
func (c *converter) column(file string, line, col int) int {
	if col <= 1 {
		return max(col, 1)
	}
	data, ok := c.files[file]
	if !ok {
		data, _ = c.readFile(file)
		c.files[file] = data
	}
	start := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[start:], '\n')
		if i < 0 {
			return col
		}
		start += i + 1
	}
	if start+col-1 > len(data) {
		return col
	}
	units := 0
	for prefix := data[start : start+col-1]; len(prefix) > 0; {
		r, size := utf8.DecodeRune(prefix) // an invalid byte decodes as U+FFFD: one unit
		units += utf16.RuneLen(r)
		prefix = prefix[size:]
	}
	return units + 1
}
