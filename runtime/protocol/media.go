package protocol

import (
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// Accepts reports which of the transport's two response media types the
// Accept header allows. Each element is a parsed media range; wildcards
// count, a range with q=0 is a refusal and does not.
func Accepts(h http.Header) (jsonOK, sseOK bool) {
	for _, line := range h.Values("Accept") {
		for rest := line; rest != ""; {
			var part string
			part, rest, _ = strings.Cut(rest, ",")
			mt, params, err := parseMediaType(strings.TrimSpace(part))
			if err != nil {
				continue
			}
			if q, ok := params["q"]; ok {
				if f, err := strconv.ParseFloat(q, 64); err == nil && f == 0 {
					continue
				}
			}
			switch mt {
			case "*/*":
				jsonOK, sseOK = true, true
			case "application/*", MediaTypeJSON:
				jsonOK = true
			case "text/*", MediaTypeEventStream:
				sseOK = true
			}
		}
	}
	return jsonOK, sseOK
}

// CheckPOSTHeaders checks the Accept (406) and Content-Type (415) of a POST
// as the refusal table has them; the error, when not nil, is an [*Error].
// Clients must accept both response shapes, because which one a request
// gets is the server's choice. It is for handlers that pass requests to a
// transport which refuses these in another shape (go-sdk's stateless
// handler answers plain text, and 400 for a bad Accept).
func CheckPOSTHeaders(r *http.Request) error {
	if jsonOK, sseOK := Accepts(r.Header); !jsonOK || !sseOK {
		return NotAcceptable("Not Acceptable: Accept must include both %s and %s", MediaTypeJSON, MediaTypeEventStream)
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := parseMediaType(ct); err != nil || mt != MediaTypeJSON {
		return UnsupportedMediaType(ct)
	}
	return nil
}

// parseMediaType is mime.ParseMediaType, without its allocations for the
// parameterless media types this package compares against, which is what
// nearly every request carries. Anything else goes to mime.ParseMediaType;
// what the shortcut accepts, it accepts with the same result (it lowers
// ASCII letters and trims spaces as it does).
func parseMediaType(v string) (string, map[string]string, error) {
	if strings.IndexByte(v, ';') < 0 {
		switch t := strings.TrimSpace(v); {
		case equalASCIIFold(t, MediaTypeJSON):
			return MediaTypeJSON, nil, nil
		case equalASCIIFold(t, MediaTypeEventStream):
			return MediaTypeEventStream, nil, nil
		case t == "*/*":
			return t, nil, nil
		}
	}
	return mime.ParseMediaType(v)
}

// equalASCIIFold reports whether s with its ASCII letters lowered is want.
func equalASCIIFold(s, want string) bool {
	if len(s) != len(want) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}
