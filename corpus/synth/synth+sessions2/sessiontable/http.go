package sessiontable

import (
	"encoding/json"
	"net/http"
)

type Engine interface {
	Handle(e *Entry, method string, params json.RawMessage) (any, error)
}

type Endpoint struct {
	Table  *Table
	Engine Engine
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func writeError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	env := envelope{JSONRPC: "2.0", ID: id}
	if env.ID == nil {
		env.ID = json.RawMessage("null")
	}
	env.Error = &struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(env)
}

func (ep *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")

	if r.Method == http.MethodDelete {
		if sid == "" {
			writeError(w, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
			return
		}
		if !ep.Table.Release(sid) {
			writeError(w, http.StatusNotFound, nil, -32001, "Session not found")
			return
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST, DELETE")
		writeError(w, http.StatusMethodNotAllowed, nil, -32000, "Method not allowed")
		return
	}

	var msg envelope
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeError(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}

	entry, created := ep.Table.Acquire(sid, msg.Method == "initialize")
	if entry == nil {
		writeError(w, http.StatusNotFound, msg.ID, -32001, "Session not found")
		return
	}
	if created {
		w.Header().Set("Mcp-Session-Id", entry.ID)
	}
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	res, err := ep.Engine.Handle(entry, msg.Method, msg.Params)
	if err != nil {
		writeError(w, http.StatusOK, msg.ID, -32603, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: msg.ID, Result: res})
}
