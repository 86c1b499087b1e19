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

// route hands the whole request to the handshake's own function, which
// reads the header itself.
func (g *gateway) route(w http.ResponseWriter, r *http.Request, msg rpc) {
	if msg.Method == "initialize" {
		g.handshake(w, r)
		g.freshHandshake(w, r)
		return
	}
	g.other(w, r.Header.Get("Mcp-Session-Id"))
}

// handshake keeps the id a reconnecting client presents.
func (g *gateway) handshake(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		sid = mint()
	}
	g.state[sid] = info{version: "2025-06-18"} // want `an initialize keeps the client's own Mcp-Session-Id as the session id: the server mints it`
	w.Header().Set("Mcp-Session-Id", sid)
	w.WriteHeader(http.StatusOK)
}

// freshHandshake reads the client's id only to log it; the session's id
// is minted: silent.
func (g *gateway) freshHandshake(w http.ResponseWriter, r *http.Request) {
	old := r.Header.Get("Mcp-Session-Id")
	sid := mint()
	g.state[sid] = info{version: "2025-06-18"}
	w.Header().Set("Mcp-Session-Id", sid)
	w.Header().Set("X-Replaced", old)
	w.WriteHeader(http.StatusOK)
}
