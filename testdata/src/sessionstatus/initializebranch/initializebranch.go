// Package initializebranch pins what sessionstatus leaves alone: inside the
// no-session branch, answers under another condition (the request is not
// an initialize, the Accept header is wrong, connecting failed) are judged
// by that condition, not as a missing session id. The 404 below is wrong,
// but it is a known false negative kept rather than risk reporting the 406
// and 500 beside it.
package initializebranch

import "net/http"

func serve(w http.ResponseWriter, r *http.Request, isInitialize bool, connect func() error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		if !isInitialize {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		if r.Header.Get("Accept") == "" {
			http.Error(w, "Not Acceptable", http.StatusNotAcceptable)
			return
		}
		if err := connect(); err != nil {
			http.Error(w, "failed connection", http.StatusInternalServerError)
			return
		}
	}
}
