package gclplugin_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/spf13/viper"
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

// golangciSettings loads a .golangci.yml the way golangci-lint v2 does (a
// default viper, whose key delimiter is ".", unmarshalled with
// mapstructure) and returns what it hands the plugin: the raw
// linters.settings.custom.mcpvet.settings.
func golangciSettings(t *testing.T, yaml string) any {
	t.Helper()
	v := viper.New()
	v.SetConfigType("yaml")
	if err := v.ReadConfig(strings.NewReader(yaml)); err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Linters struct {
			Settings struct {
				Custom map[string]struct {
					Type     string `mapstructure:"type"`
					Settings any    `mapstructure:"settings"`
				} `mapstructure:"custom"`
			} `mapstructure:"settings"`
		} `mapstructure:"linters"`
	}
	if err := v.Unmarshal(&cfg); err != nil {
		t.Fatal(err)
	}
	return cfg.Linters.Settings.Custom[gclplugin.Name].Settings
}

// TestPluginYAMLFlags: analyzer flags from a real .golangci.yml load reach
// the analyzer, written nested or with a dotted key (which the loader
// nests), and a misspelled flag is still an error after the nesting.
func TestPluginYAMLFlags(t *testing.T) {
	errclass := func() *analysis.Analyzer {
		for _, a := range suite.Analyzers() {
			if a.Name == "errclass" {
				return a
			}
		}
		t.Fatal("no errclass in the suite")
		return nil
	}()
	internal := errclass.Flags.Lookup("internal")
	if internal == nil {
		t.Fatal("errclass has no -internal flag")
	}
	defer internal.Value.Set(internal.Value.String())
	const head = "version: \"2\"\nlinters:\n  settings:\n    custom:\n      mcpvet:\n        type: module\n        settings:\n"
	for _, tt := range []struct {
		name, settings, want, err string
	}{
		{"nested", "          flags:\n            errclass:\n              internal: example.com/store.Open\n", "example.com/store.Open", ""},
		{"dotted key", "          flags:\n            errclass.internal: example.com/a.F\n", "example.com/a.F", ""},
		{"list", "          flags:\n            errclass:\n              internal: [example.com/a.F, example.com/b.G]\n", "example.com/a.F,example.com/b.G", ""},
		{"misspelled", "          flags:\n            errclass:\n              internl: x\n", "", `unknown analyzer flag "errclass.internl"`},
		{"disable", "          disable: [sessionstatus]\n", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			internal.Value.Set("")
			as, err := build(t, golangciSettings(t, head+tt.settings))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != "" && internal.Value.String() != tt.want {
				t.Errorf("errclass -internal = %q, want %q", internal.Value.String(), tt.want)
			}
			if tt.name == "disable" && slices.Contains(names(as), "sessionstatus") {
				t.Errorf("disable: [sessionstatus] left %v", names(as))
			}
		})
	}
}
