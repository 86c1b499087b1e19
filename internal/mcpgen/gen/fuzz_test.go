package gen

import (
	"strings"
	"testing"
)

// FuzzParseHeader feeds arbitrary file contents to the header parser that
// `mcpgen verify` runs on every Go file of a tree: it must never panic, and
// whatever it accepts must be a valid configuration that survives a round
// trip through its own flags.
func FuzzParseHeader(f *testing.F) {
	f.Add([]byte(GeneratedHeader + "\n\n" + ArgsPrefix + "--out=mcphandler_gen.go --package=main --mode=hybrid\n\npackage main\n"))
	f.Add([]byte(GeneratedHeader + "\n\n" + ArgsPrefix + "--out=h.go --package=p --mode=legacy --test=false\n"))
	f.Add([]byte(GeneratedHeader + "\n\n" + ArgsPrefix + "--package=\n"))
	f.Add([]byte(GeneratedHeader + "\n\n// mcpgen handler --mode=sideways\n"))
	f.Add([]byte("package main\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg, err := ParseHeader(src)
		if err != nil {
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("ParseHeader accepted an invalid config %+v: %v", cfg, err)
		}
		again, err := ParseArgs(cfg.Args())
		if err != nil || again != cfg {
			t.Fatalf("round trip of %+v through %q gave %+v, %v", cfg, strings.Join(cfg.Args(), " "), again, err)
		}
	})
}
