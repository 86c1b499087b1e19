package fixation

import "net/http"

// Right: an initialize carrying an id is refused; the id is minted.
func (g *gateway) strict(w http.ResponseWriter, r *http.Request, msg rpc) {
	id := r.Header.Get("Mcp-Session-Id")
	if msg.Method == "initialize" {
		if id != "" {
			if _, ok := g.state[id]; !ok {
				http.Error(w, "Session not found", http.StatusNotFound)
				return
			}
		}
		sid := mint()
		g.state[sid] = info{}
		w.Header().Set("Mcp-Session-Id", sid)
		w.WriteHeader(http.StatusOK)
		return
	}
	// Right: a known session's id echoed on a later request.
	if _, ok := g.state[id]; !ok {
		http.Error(w, "Session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id`
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Right: a fresh id on initialize, even when the client sent one.
func (g *gateway) fresh(w http.ResponseWriter, r *http.Request, msg rpc) {
	id := r.Header.Get("Mcp-Session-Id")
	if msg.Method == "initialize" {
		id = mint()
		g.state[id] = info{}
		w.Header().Set("Mcp-Session-Id", id)
	}
	w.WriteHeader(http.StatusOK)
}
