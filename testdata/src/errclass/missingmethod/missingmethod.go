// Package missingmethod: a message with no method is not a JSON-RPC
// request, and protocol.md answers it 400 with -32600. encoding/json
// leaves an absent method "", which a switch on the method sends to its
// default: -32601 (Method not found) when nothing tested the method
// between the decode and the switch. A test of the empty method answered
// -32601 says the same. A method tested, a validator handed the message,
// a type that decodes itself, a case for "" and a required binding stay
// silent.
package missingmethod

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

const methodNotFound = -32601

func failure(id json.RawMessage, code int, msg string) response {
	return response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
}

type server struct{}

// route decodes and hands the message on to dispatch untested.
func (s *server) route(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	if !json.Valid(body) {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(failure(nil, -32700, "Parse error"))
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(failure(nil, -32600, "Invalid Request"))
		return
	}
	log.Printf("method=%s id=%s", req.Method, req.ID)
	if req.JSONRPC != "2.0" {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(failure(req.ID, -32600, "Invalid Request"))
		return
	}
	resp := s.dispatch(req) // want `hands on a message decoded with no test of its method`
	json.NewEncoder(w).Encode(resp)
}

func (s *server) dispatch(req request) response {
	switch req.Method {
	case "initialize":
		return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": "2025-06-18"}}
	case "tools/list":
		return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"tools": []any{}}}
	default:
		return failure(req.ID, methodNotFound, "Method not found")
	}
}

// inline decodes and dispatches in one function.
func (s *server) inline(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	switch req.Method { // want `dispatches a message decoded with no test of its method`
	case "ping":
		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: struct{}{}})
	case "tools/call":
		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: struct{}{}})
	default:
		json.NewEncoder(w).Encode(failure(req.ID, -32601, "Method not found"))
	}
}

// fromMap reads the method out of a decoded map, dropping whether it was
// there.
func (s *server) fromMap(w http.ResponseWriter, r *http.Request) {
	var fields map[string]any
	if err := json.NewDecoder(r.Body).Decode(&fields); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	method, _ := fields["method"].(string)
	id := fields["id"]
	switch method { // want `dispatches a message decoded with no test of its method`
	case "initialize":
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": map[string]any{}})
	default:
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": -32601, "message": "Method not found"}})
	}
}

// emptyAsUnknown tests the empty method and answers it as an unknown one.
func (s *server) emptyAsUnknown(req request) response {
	if req.JSONRPC != "2.0" || req.Method == "" {
		return failure(req.ID, methodNotFound, "Method not found") // want `answers -32601 \(Method not found\) to a message with no method`
	}
	return s.tested(req)
}

// checked refuses the empty method first: silent.
func (s *server) checked(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if req.Method == "" {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(failure(req.ID, -32600, "Invalid Request"))
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted) // a notification: no answer
		return
	}
	json.NewEncoder(w).Encode(s.tested(req))
}

func (s *server) tested(req request) response {
	switch req.Method {
	case "initialize":
		return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
	default:
		return failure(req.ID, -32601, "Method not found")
	}
}

// validated hands the message to a validator first: silent.
func (s *server) validated(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := validate(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(failure(req.ID, -32600, err.Error()))
		return
	}
	json.NewEncoder(w).Encode(s.tested(req))
}

func validate(req *request) error {
	if req.JSONRPC != "2.0" || req.Method == "" {
		return errors.New("not a JSON-RPC request")
	}
	return nil
}

// withEmptyCase names the empty method in the switch: silent.
func (s *server) withEmptyCase(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	switch req.Method {
	case "":
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(failure(req.ID, -32600, "Invalid Request"))
	case "tools/list":
		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: struct{}{}})
	default:
		json.NewEncoder(w).Encode(failure(req.ID, -32601, "Method not found"))
	}
}

// strict decodes itself and refuses a message with no method there.
type strict struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (m *strict) UnmarshalJSON(b []byte) error {
	type plain strict
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	if p.Method == "" {
		return errors.New("no method")
	}
	*m = strict(p)
	return nil
}

// selfChecked dispatches a type that decodes itself: silent.
func (s *server) selfChecked(w http.ResponseWriter, r *http.Request) {
	var req strict
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	switch req.Method {
	case "tools/list":
		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: struct{}{}})
	default:
		json.NewEncoder(w).Encode(failure(req.ID, -32601, "Method not found"))
	}
}

// keptPresence keeps whether the map held a method: silent.
func (s *server) keptPresence(w http.ResponseWriter, r *http.Request) {
	var fields map[string]any
	if err := json.NewDecoder(r.Body).Decode(&fields); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	method, ok := fields["method"].(string)
	if !ok {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	switch method {
	case "initialize":
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "result": map[string]any{}})
	default:
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": -32601, "message": "Method not found"}})
	}
}

// built dispatches a message the server built, not one it decoded:
// silent.
func (s *server) built(method string) response {
	return s.tested(request{JSONRPC: "2.0", Method: method})
}

func (s *server) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", s.route)
	mux.HandleFunc("/mcp/inline", s.inline)
	mux.HandleFunc("/mcp/map", s.fromMap)
	mux.HandleFunc("/mcp/checked", s.checked)
	mux.HandleFunc("/mcp/validated", s.validated)
	mux.HandleFunc("/mcp/empty", s.withEmptyCase)
	mux.HandleFunc("/mcp/strict", s.selfChecked)
	mux.HandleFunc("/mcp/kept", s.keptPresence)
}
