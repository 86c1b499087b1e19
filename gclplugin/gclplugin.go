// Package gclplugin is mcpvet as a golangci-lint v2 module plugin. Import it
// from a .custom-gcl.yml (see the README's mcpvet section) and enable the
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
	// Flags sets analyzer flags by their mcpvet name, NAME.FLAG, like
	// mcpvet -NAME.FLAG=VALUE. Values may be YAML strings, numbers or
	// booleans; each is set as its text.
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
	for _, key := range slices.Sorted(maps.Keys(s.Flags)) {
		name, flag, _ := strings.Cut(key, ".")
		a := byName[name]
		if a == nil || flag == "" || a.Flags.Lookup(flag) == nil {
			return nil, fmt.Errorf("mcpvet: flags: unknown analyzer flag %q", key)
		}
		if err := a.Flags.Set(flag, fmt.Sprint(s.Flags[key])); err != nil {
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

// BuildAnalyzers returns the enabled analyzers of mcpvet's suite.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: every analyzer uses it.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
