package gclplugin_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/ignoredirective"
	"github.com/mcpwire/mcpwire/analyzers/suite"
	"github.com/mcpwire/mcpwire/gclplugin"
)

// build gets the plugin the way golangci-lint does: by name from the
// registry, with settings decoded from its YAML into plain maps.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(gclplugin.Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", mode, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

// TestPluginRunsTheSuite: with no settings the plugin runs exactly the
// analyzers of the mcpvet binary, the very same values.
func TestPluginRunsTheSuite(t *testing.T) {
	got, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := suite.Analyzers()
	if !slices.Equal(got, want) {
		t.Errorf("plugin analyzers %v, want the suite's %v", names(got), names(want))
	}
}

// TestPluginAnalyzers runs the plugin's ignoredirective on a fixture
// through analysistest: a misspelled analyzer name is reported with the fix.
func TestPluginAnalyzers(t *testing.T) {
	as, err := build(t, map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(as, func(a *analysis.Analyzer) bool { return a.Name == ignoredirective.Name })
	if i < 0 {
		t.Fatalf("plugin analyzers %v lack %s", names(as), ignoredirective.Name)
	}
	analysistest.Run(t, analysistest.TestData(), as[i], "p")
}

func TestPluginSettings(t *testing.T) {
	as, err := build(t, map[string]any{"disable": []any{ignoredirective.Name}})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(names(as), ignoredirective.Name) || len(as) != len(suite.Analyzers())-1 {
		t.Errorf("disable: [%s] left %v", ignoredirective.Name, names(as))
	}
	for _, tt := range []struct {
		settings map[string]any
		err      string
	}{
		{map[string]any{"disable": []any{"nosuch"}}, `unknown analyzer "nosuch"`},
		{map[string]any{"flags": map[string]any{"ignoredirective.nosuch": "1"}}, `unknown analyzer flag "ignoredirective.nosuch"`},
		{map[string]any{"flags": map[string]any{"nosuch": "1"}}, `unknown analyzer flag "nosuch"`},
		{map[string]any{"enable": []any{"errclass"}}, `unknown field "enable"`},
	} {
		_, err := build(t, tt.settings)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("settings %v: error %v, want one containing %q", tt.settings, err, tt.err)
		}
	}
}

// TestPluginFlags sets a real analyzer flag through the settings, when an
// analyzer of the suite has one.
func TestPluginFlags(t *testing.T) {
	for _, a := range suite.Analyzers() {
		var name, value string
		a.Flags.VisitAll(func(f *flag.Flag) {
			if name == "" {
				name, value = f.Name, f.Value.String()
			}
		})
		if name == "" {
			continue
		}
		if _, err := build(t, map[string]any{"flags": map[string]any{a.Name + "." + name: value}}); err != nil {
			t.Errorf("setting %s.%s=%q: %v", a.Name, name, value, err)
		}
		return
	}
	t.Skip("no analyzer of the suite has a flag yet")
}
