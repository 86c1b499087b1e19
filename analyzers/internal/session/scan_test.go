package session

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for name, want := range map[string][]string{
		"isValidSessionID": {"is", "valid", "session", "id"},
		"SessionIDExists":  {"session", "id", "exists"},
		"session_exists":   {"session", "exists"},
		"IsExpired":        {"is", "expired"},
		"Validate":         {"validate"},
		"hash":             {"hash"},
	} {
		if got := words(name); !slices.Equal(got, want) {
			t.Errorf("words(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestValidatorNames pins which names are taken as "does this session
// exist" checks, and which way their answer points. A format check
// (isValidSessionID), an ownership or rights check, or a name that says
// nothing is not a validator: its 400 or 403 is right.
func TestValidatorNames(t *testing.T) {
	for _, c := range []struct {
		name      string
		validator bool
		neg, ok   bool
	}{
		{"Validate", true, false, true},
		{"IsValid", true, false, true},
		{"Exists", true, false, true},
		{"SessionExists", true, false, true},
		{"HasSession", true, false, true},
		{"IsExpired", true, true, true},
		{"isTerminated", true, true, true},
		{"isValidSessionID", false, false, true}, // the id's characters: 400 is right
		{"ValidateFormat", false, false, true},
		{"CheckOwner", false, false, false},
		{"ValidateToken", false, false, true},
		{"hashSession", false, false, false}, // "hash" is not "has"
		{"Get", false, false, false},
	} {
		if got := validatorName(c.name); got != c.validator {
			t.Errorf("validatorName(%q) = %v, want %v", c.name, got, c.validator)
		}
		if neg, ok := polarity(c.name); neg != c.neg || ok != c.ok {
			t.Errorf("polarity(%q) = %v, %v, want %v, %v", c.name, neg, ok, c.neg, c.ok)
		}
	}
}
