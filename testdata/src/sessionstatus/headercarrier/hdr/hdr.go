// Package hdr is a header carrier of another package.
package hdr

import "strings"

// Headers holds lower-cased header names.
type Headers map[string][]string

// Get returns the first value of name.
func (h Headers) Get(name string) string {
	if v := h[strings.ToLower(name)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Canonical is the form names are stored in.
func Canonical(name string) string { return strings.ToLower(name) }
