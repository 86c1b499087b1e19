package fixation

import "net/http"

// dispatch hands the id it was given to the initialize handler.
func (g *gateway) dispatch(w http.ResponseWriter, r *http.Request, msg rpc) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		id = mint()
	}
	switch msg.Method {
	case "initialize":
		g.initialize(w, id)
	default:
		g.other(w, id)
	}
}

// initialize runs only for an initialize: the id it answers may be the
// client's.
func (g *gateway) initialize(w http.ResponseWriter, id string) {
	w.Header().Set("Mcp-Session-Id", id) // want `an initialize keeps the client's own Mcp-Session-Id`
	w.WriteHeader(http.StatusOK)
}

// other runs for every other method: echoing the id is not an initialize.
func (g *gateway) other(w http.ResponseWriter, id string) {
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}
