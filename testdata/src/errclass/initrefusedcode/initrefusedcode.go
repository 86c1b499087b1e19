// Package initrefusedcode: the initialize handler refuses a handshake
// through helpers handed the code, and those helpers write every answer
// with HTTP 200 (one pins it, one writes a body and never a status). The
// protocol's initialize rows answer a refused handshake 400 (-32600, -32602)
// or 500 (-32603): a 200 tells the client the handshake went through. The
// same helpers answering a method's invalid params with 200 are right, a
// server-defined code on the initialize (an authentication refusal) and a
// refusal of the proposed revision are not judged here, and a refusal
// written 400 is right.
package initrefusedcode

import (
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// codeUnauthorized is the server's own code for a caller it does not know.
const codeUnauthorized = -32005

// sendError pins 200 for every answer it writes.
func sendError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

// reply writes a body and never a status: 200 unless the caller set one.
func reply(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

// refuse writes the status it is handed.
func refuse(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

type server struct {
	known    func(*http.Request) bool
	sessions map[string]bool
	strict   bool
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		refuse(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	if !json.Valid(body) {
		refuse(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		refuse(w, http.StatusBadRequest, nil, -32600, "Invalid Request")
		return
	}
	switch req.Method {
	case "initialize":
		if s.strict {
			s.initializeStrict(w, req)
			return
		}
		s.initialize(w, r, req)
	case "ping":
		var p struct{}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			reply(w, req.ID, -32602, "Invalid params") // a method's invalid params ride on 200
			return
		}
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}})
	default:
		s.call(w, req)
	}
}

// initialize runs only for initialize.
func (s *server) initialize(w http.ResponseWriter, r *http.Request, req request) {
	if !s.known(r) {
		sendError(w, req.ID, codeUnauthorized, "unknown caller") // a server-defined code: not judged
		return
	}
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		sendError(w, req.ID, -32602, "Invalid params") // want `answers an initialize the server refused with a success status`
		return
	}
	if len(req.ID) == 0 {
		reply(w, nil, -32600, "Invalid Request: initialize needs an id") // want `answers an initialize the server refused with a success status`
		return
	}
	if p.ProtocolVersion != "2025-06-18" {
		sendError(w, req.ID, -32602, "Unsupported protocol version") // the revision refused: sessionversion's to judge
		return
	}
	id := rand.Text()
	s.sessions[id] = true
	w.Header().Set("Mcp-Session-Id", id)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": p.ProtocolVersion}})
}

// initializeStrict refuses with the initialize rows' status.
func (s *server) initializeStrict(w http.ResponseWriter, req request) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		refuse(w, http.StatusBadRequest, req.ID, -32602, "Invalid params")
		return
	}
	id := rand.Text()
	s.sessions[id] = true
	w.Header().Set("Mcp-Session-Id", id)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": p.ProtocolVersion}})
}

// call answers every other method; its invalid params ride on 200.
func (s *server) call(w http.ResponseWriter, req request) {
	var args map[string]any
	if err := json.Unmarshal(req.Params, &args); err != nil {
		sendError(w, req.ID, -32602, "Invalid params")
		return
	}
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: args})
}
