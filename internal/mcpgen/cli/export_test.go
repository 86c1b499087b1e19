package cli

// SetVersion makes mcpgen report v as its version until restore is called,
// as -ldflags -X ...cli.version=v does for a release build.
func SetVersion(v string) (restore func()) {
	old := version
	version = v
	return func() { version = old }
}
