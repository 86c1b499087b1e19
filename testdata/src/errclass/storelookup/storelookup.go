// Package storelookup: a database lookup that reports a missing record
// apart (a bool, or a nil record) fails with an error only when the
// database does: that error answered with -32600 is a server-side failure.
package storelookup

import (
	"encoding/json"
	"net/http"

	"fixtures/errclass/storelookup/orm"
	"fixtures/errclass/storelookup/records"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type envelope struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Error   *rpcError `json:"error,omitempty"`
}

// replyError writes the error with no status: HTTP 200.
func replyError(w http.ResponseWriter, id any, code int, msg string, data any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg, Data: data}})
}

type proxy struct{ db *orm.Engine }

// Through another package's lookup, placed by its fact.
func (p *proxy) serveRecord(w http.ResponseWriter, r *http.Request) {
	srv, err := records.GetServer(r.PathValue("owner"), r.PathValue("name"))
	if err != nil {
		replyError(w, nil, -32600, "server not found", err.Error()) // want `answers -32600 \(Invalid Request\) for an error from records.GetServer, a server-side failure: answer 500`
		return
	}
	if srv == nil {
		// The record the client named does not exist: the client's.
		replyError(w, nil, -32600, "server not found", nil)
		return
	}
}

// The mapper called in place, with 400.
func (p *proxy) serveDirect(w http.ResponseWriter, r *http.Request) {
	var rec struct{ Name string }
	found, err := p.db.Get(&rec)
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest) // want `answers 400 with -32600 \(Invalid Request\) for an error from \(\*orm.Engine\).Get, a server-side failure`
		_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", Error: &rpcError{Code: -32600, Message: "lookup failed"}})
		return
	}
	if !found {
		http.Error(w, "no such record", http.StatusNotFound)
		return
	}
}

// The three-result form.
func (p *proxy) serveLookup(w http.ResponseWriter, r *http.Request) {
	if _, _, err := p.db.Lookup(r.PathValue("key")); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*orm.Engine\).Lookup, a server-side failure`
		return
	}
}

// Good: a method that reports no absence apart may fail on the client's
// key; its error is not placed.
func (p *proxy) serveFind(w http.ResponseWriter, r *http.Request) {
	var recs []struct{ Name string }
	if err := p.db.Find(&recs); err != nil {
		replyError(w, nil, -32600, "no records", err.Error())
		return
	}
}

// cache is not a database package: its (value, bool, error) says nothing
// about where the error comes from.
type cache struct{ m map[string]string }

func (c *cache) Load(key string) (string, bool, error) {
	v, ok := c.m[key]
	return v, ok, nil
}

// Good: not a database's lookup.
func serveCache(w http.ResponseWriter, r *http.Request, c *cache) {
	if _, _, err := c.Load(r.PathValue("key")); err != nil {
		replyError(w, nil, -32600, "bad key", err.Error())
		return
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (p *proxy) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", p.serveLookup)
}
