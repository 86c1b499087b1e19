package interop

// What examples/everything answers for the fixtures every client exercises.
const (
	toolName     = "test_simple_text"
	toolText     = "This is a simple text response for testing."
	resourceURI  = "test://static-text"
	resourceText = "This is the content of the static text resource."
	promptName   = "test_simple_prompt"
	promptText   = "This is a simple prompt for testing."

	legacyVersion = "2025-11-25"
	modernVersion = "2026-07-28"
)

// eras are the two protocol eras every client is tried in, where it speaks them.
var eras = []string{legacyVersion, modernVersion}
