// Package validateid pins that a call given the session id is a lookup only
// when it yields something that can be absent: validating the id's shape
// (a string and an error) or parsing it is not a lookup, and its 400 is
// not judged.
package validateid

import (
	"errors"
	"net/http"
	"strings"
)

func normalize(id string) (string, error) {
	if strings.ContainsAny(id, " \t") {
		return "", errors.New("session id has spaces")
	}
	return strings.ToLower(id), nil
}

func serve(w http.ResponseWriter, r *http.Request) {
	id, err := normalize(r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		http.Error(w, "malformed session id", http.StatusBadRequest)
		return
	}
	_ = id
}
