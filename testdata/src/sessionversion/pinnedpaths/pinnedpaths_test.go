package pinnedpaths

import "testing"

func TestGreeting(t *testing.T) {
	if greetForTests().ProtocolVersion == "" {
		t.Fatal("no revision")
	}
}
