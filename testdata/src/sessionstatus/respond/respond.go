// Package respond holds answer helpers other fixture packages call, so
// sessionstatus must recognise them through facts.
package respond

import "net/http"

// Unauthorized always answers 401.
func Unauthorized(w http.ResponseWriter) {
	http.Error(w, "unauthorized", http.StatusUnauthorized)
}

// NotFound always answers 404.
func NotFound(w http.ResponseWriter) {
	http.Error(w, "session not found", http.StatusNotFound)
}

// Status answers the status it is given.
func Status(w http.ResponseWriter, status int, msg string) {
	http.Error(w, msg, status)
}
