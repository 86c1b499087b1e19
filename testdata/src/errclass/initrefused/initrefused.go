// Package initrefused: the dispatcher answers an initialize it refuses
// (params of the wrong type) with an error response. The protocol's
// initialize rows answer a refused handshake 400, so writing that response
// with HTTP 200 tells the client the handshake went through. Answering a
// tools/call's error with 200 is right: only the initialize's is judged.
package initrefused

import (
	"crypto/rand"
	"encoding/json"
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
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

type server struct{}

func (s *server) process(req request) response {
	if req.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32602, Message: "Invalid params"}} // the params refusal
		}
		return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": p.ProtocolVersion}}
	}
	return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
}

// post hands initialize to start, and writes every other answer with 200.
func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if req.Method == "initialize" {
		s.start(w, req)
		return
	}
	resp := s.process(req)
	if resp.Error != nil {
		writeJSON(w, http.StatusOK, resp) // a method's own error: 200 is right
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// start runs only for initialize.
func (s *server) start(w http.ResponseWriter, req request) {
	resp := s.process(req)
	if resp.Error != nil {
		writeJSON(w, http.StatusOK, resp) // want `answers an initialize the server refused with a success status`
		return
	}
	w.Header().Set("Mcp-Session-Id", rand.Text())
	writeJSON(w, http.StatusOK, resp)
}

// postTogether writes every outcome alike, though it tells the
// initialize's error apart to withhold the id.
func (s *server) postTogether(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	resp := s.process(req)
	if req.Method == "initialize" && resp.Error == nil {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
	writeJSON(w, http.StatusOK, resp) // want `answers an initialize the server refused with a success status`
}

// postRight refuses the initialize's error 400.
func (s *server) postRight(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	resp := s.process(req)
	if req.Method == "initialize" {
		if resp.Error != nil {
			writeJSON(w, http.StatusBadRequest, resp)
			return
		}
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
	writeJSON(w, http.StatusOK, resp)
}

// postPaired refuses the initialize's error in one test, then writes the
// rest with 200.
func (s *server) postPaired(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	resp := s.process(req)
	if req.Method == "initialize" && resp.Error != nil {
		writeJSON(w, http.StatusBadRequest, resp)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// greet answers every initialize with a result: it never refuses one.
func (s *server) greet(req request) response {
	return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": "2025-11-25"}}
}

// postInline writes the dispatcher's answer to an initialize as it comes,
// though the dispatcher refuses params of the wrong type.
func (s *server) postInline(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if req.Method == "initialize" {
		resp := s.process(req)
		w.Header().Set("Mcp-Session-Id", rand.Text())
		writeJSON(w, http.StatusOK, resp) // want `answers an initialize the server refused with a success status`
		return
	}
}

// postPinned pins 200 before encoding the dispatcher's answer.
func (s *server) postPinned(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if req.Method == "initialize" {
		resp := s.process(req)
		w.Header().Set("Mcp-Session-Id", rand.Text())
		w.WriteHeader(http.StatusOK) // want `answers an initialize the server refused with a success status`
		_ = json.NewEncoder(w).Encode(resp)
	}
}

// postGreet writes an answer that is never an error.
func (s *server) postGreet(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if req.Method == "initialize" {
		resp := s.greet(req)
		w.Header().Set("Mcp-Session-Id", rand.Text())
		writeJSON(w, http.StatusOK, resp)
	}
}

func errorResponse(id json.RawMessage, code int, msg string) response {
	return response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}} // the constructor
}

// handshake is the dispatcher's initialize; it refuses params of the
// wrong type through the constructor.
func (s *server) handshake(req request) response {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		return errorResponse(req.ID, -32602, "Invalid params") // the constructed refusal
	}
	return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": p.ProtocolVersion}}
}

func (s *server) dispatch(req request) response {
	switch req.Method {
	case "initialize":
		return s.handshake(req)
	}
	return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
}

// postDispatched writes every outcome of a dispatcher that hands the
// initialize to its own function alike.
func (s *server) postDispatched(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	resp := s.dispatch(req)
	if req.Method == "initialize" && resp.Error == nil {
		w.Header().Set("Mcp-Session-Id", rand.Text())
	}
	writeJSON(w, http.StatusOK, resp) // want `answers an initialize the server refused with a success status`
}

func routes(s *server) {
	http.HandleFunc("/dispatched/mcp", s.postDispatched)
	http.HandleFunc("/inline/mcp", s.postInline)
	http.HandleFunc("/greet/mcp", s.postGreet)
	http.HandleFunc("/pinned/mcp", s.postPinned)
	http.HandleFunc("/mcp", s.post)
	http.HandleFunc("/together/mcp", s.postTogether)
	http.HandleFunc("/right/mcp", s.postRight)
	http.HandleFunc("/paired/mcp", s.postPaired)
}
