package edge

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// The scanner below walks JSON that json.Valid has already accepted, so it
// only has to find where values end; it never judges syntax. It hands out
// sub-slices of the input, which is what keeps a decode to a handful of
// allocations where a map or go-sdk's decoder costs dozens (and a 32 KiB
// buffer).

// members iterates the members of a valid JSON object.
type members struct {
	b        []byte
	i        int
	key, val []byte // raw: key with its quotes
}

// newMembers starts an iteration over obj, which begins with '{'.
func newMembers(obj []byte) members { return members{b: obj, i: 1} }

func (m *members) next() bool {
	i := skipSpace(m.b, m.i)
	if i < len(m.b) && m.b[i] == ',' {
		i = skipSpace(m.b, i+1)
	}
	if i >= len(m.b) || m.b[i] != '"' {
		return false
	}
	ks := i
	i = skipString(m.b, i)
	m.key = m.b[ks:i]
	i = skipSpace(m.b, i) + 1 // the colon
	i = skipSpace(m.b, i)
	vs := i
	i = skipValue(m.b, i)
	m.val = m.b[vs:i]
	m.i = i
	return true
}

// elements iterates the elements of a valid JSON array.
type elements struct {
	b   []byte
	i   int
	val []byte
}

func newElements(arr []byte) elements { return elements{b: arr, i: 1} }

func (e *elements) next() bool {
	i := skipSpace(e.b, e.i)
	if i < len(e.b) && e.b[i] == ',' {
		i = skipSpace(e.b, i+1)
	}
	if i >= len(e.b) || e.b[i] == ']' {
		return false
	}
	vs := i
	i = skipValue(e.b, i)
	e.val = e.b[vs:i]
	e.i = i
	return true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index after the string starting at b[i] == '"'.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue returns the index after the value starting at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// keyIs reports whether the raw (quoted) JSON string key decodes to name.
// A key written with escapes ("\u005fmeta") is decoded, so that the
// runtime sees the same keys go-sdk's decoder does.
func keyIs(key []byte, name string) bool {
	if bytes.IndexByte(key, '\\') < 0 {
		return string(key[1:len(key)-1]) == name
	}
	var s string
	return json.Unmarshal(key, &s) == nil && s == name
}

// mayHold reports whether a valid JSON text can hold an object key that
// decodes to name: either it is spelled out, or some string uses a \u
// escape (the only escape that can produce a letter or '_'). A false
// answer is certain, so the scan it guards can be skipped.
func mayHold(b []byte, name string) bool {
	return bytes.Contains(b, []byte(name)) || bytes.Contains(b, []byte(`\u`))
}

// unquote decodes a raw JSON string as encoding/json does (invalid UTF-8
// becomes U+FFFD), without a decoder for the common plain case.
func unquote(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner), true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func isNull(raw []byte) bool { return string(raw) == "null" }

// trimSpace removes the whitespace JSON allows around a value (RFC 8259
// §2): bytes.TrimSpace would also drop Unicode spaces such as U+00A0.
func trimSpace(b []byte) []byte { return bytes.Trim(b, " \t\r\n") }
