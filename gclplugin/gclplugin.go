// Package gclplugin is mcpvet as a golangci-lint v2 module plugin. Import it
// from a .custom-gcl.yml (see docs/running-mcpvet.md, "Running it") and enable the
// linter "mcpvet"; it runs the same analyzers as the mcpvet binary.
//
// It is its own package, as NilAway's cmd/gclplugin is, so that neither the
// binary nor the analyzers depend on golangci-lint's registry.
package gclplugin

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// Name is the linter's name in .golangci.yml.
const Name = "mcpvet"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's settings in .golangci.yml, under
// linters.settings.custom.mcpvet.settings.
type Settings struct {
	// Disable lists analyzers not to run, like mcpvet -NAME=false.
	Disable []string `json:"disable"`
	// Flags sets analyzer flags, like mcpvet -NAME.FLAG=VALUE, nested by
	// analyzer: {errclass: {internal: VALUE}}. golangci-lint's config
	// loader (viper) splits a dotted key into that nesting, so a flat
	// "errclass.internal" written in .golangci.yml arrives nested too; the
	// flat form is accepted from other callers. Values may be YAML
	// strings, numbers, booleans or lists (joined with commas); each is set
	// as its text.
	Flags map[string]any `json:"flags"`
}

type plugin struct {
	analyzers []*analysis.Analyzer
}

// New builds the plugin from golangci-lint's raw settings. It rejects an
// unknown setting, analyzer or flag instead of running without it.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("mcpvet: %w", err)
	}
	all := suite.Analyzers()
	byName := map[string]*analysis.Analyzer{}
	for _, a := range all {
		byName[a.Name] = a
	}
	for _, name := range s.Disable {
		if byName[name] == nil {
			return nil, fmt.Errorf("mcpvet: disable: unknown analyzer %q", name)
		}
	}
	flags, err := flatten(s.Flags)
	if err != nil {
		return nil, err
	}
	for _, key := range slices.Sorted(maps.Keys(flags)) {
		name, flag, _ := strings.Cut(key, ".")
		a := byName[name]
		if a == nil || flag == "" || a.Flags.Lookup(flag) == nil {
			return nil, fmt.Errorf("mcpvet: flags: unknown analyzer flag %q", key)
		}
		if err := a.Flags.Set(flag, flags[key]); err != nil {
			return nil, fmt.Errorf("mcpvet: flags: %s: %w", key, err)
		}
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		if !slices.Contains(s.Disable, a.Name) {
			keep = append(keep, a)
		}
	}
	return &plugin{analyzers: keep}, nil
}

// flatten turns the flags setting, nested by analyzer or flat, into
// NAME.FLAG → value text. A key given both ways is an error rather than a
// silent choice between the two.
func flatten(settings map[string]any) (map[string]string, error) {
	out := map[string]string{}
	set := func(key string, v any) error {
		if _, dup := out[key]; dup {
			return fmt.Errorf("mcpvet: flags: %q is set twice", key)
		}
		switch v := v.(type) {
		case []any:
			parts := make([]string, len(v))
			for i, e := range v {
				parts[i] = fmt.Sprint(e)
			}
			out[key] = strings.Join(parts, ",")
		case map[string]any:
			return fmt.Errorf("mcpvet: flags: %q: want a value, not a map", key)
		default:
			out[key] = fmt.Sprint(v)
		}
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(settings)) {
		nested, ok := settings[name].(map[string]any)
		if !ok {
			if err := set(name, settings[name]); err != nil {
				return nil, err
			}
			continue
		}
		for _, flag := range slices.Sorted(maps.Keys(nested)) {
			if err := set(name+"."+flag, nested[flag]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// BuildAnalyzers returns the enabled analyzers of mcpvet's suite.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: every analyzer uses it.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
