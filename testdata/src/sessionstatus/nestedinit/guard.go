package nestedinit

import "net/http"

// The requests with an id are served and return first; what follows has
// none, and a method other than initialize is the 400 row, not 405.
func postGuard(w http.ResponseWriter, r *http.Request, msg *message) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid != "" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if msg.Method != "initialize" {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed) // want `answers 405 to a request without Mcp-Session-Id: answer 400`
		return
	}
	w.WriteHeader(http.StatusOK)
}

// Right: the same guard, answered 400.
func postGuardOK(w http.ResponseWriter, r *http.Request, msg *message) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid != "" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if msg.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// Right: the guard does not always return, so a request with an id may
// reach the method test.
func postNoGuard(w http.ResponseWriter, r *http.Request, msg *message, fast bool) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid != "" {
		if fast {
			return
		}
	}
	if msg.Method != "initialize" {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.WriteHeader(http.StatusOK)
}
