package mcpvet

import (
	"os"
	"path/filepath"
	"testing"
)

// TestVetxOnly reads the VetxOnly field of go vet's unit config: true only
// when the config says so; a config that cannot be read or decoded is run
// in full (x/tools reports it).
func TestVetxOnly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		path string
		want bool
	}{
		{write("dep.cfg", `{"ID": "example.com/dep", "ImportMap": {"VetxOnly": "x"}, "VetxOnly": true, "VetxOutput": "/tmp/vet.out"}`), true},
		{write("root.cfg", `{"ID": "example.com/root", "VetxOnly": false}`), false},
		{write("old.cfg", `{"ID": "example.com/old"}`), false},
		{write("bad.cfg", `{"VetxOnly": tru`), false},
		{filepath.Join(dir, "missing.cfg"), false},
	}
	for _, tt := range tests {
		if got := vetxOnly(tt.path); got != tt.want {
			t.Errorf("vetxOnly(%s) = %v, want %v", filepath.Base(tt.path), got, tt.want)
		}
	}
}
