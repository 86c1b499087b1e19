// Package unknownmethod: a hand-rolled endpoint dispatches on the
// JSON-RPC method with a switch. Its default clause is every method it
// does not serve, which JSON-RPC answers -32601 (Method not found); an
// internal error or a made-up code there tells the client something else.
package unknownmethod

import (
	"encoding/json"
	"net/http"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Op      string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}

type server struct{ upstream http.Handler }

func (s *server) internal(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	switch req.Op {
	case "initialize":
		writeResult(w, req.ID, map[string]any{"protocolVersion": "2025-11-25"})
	case "tools/list":
		writeResult(w, req.ID, map[string]any{"tools": []any{}})
	default:
		writeRPCError(w, req.ID, -32603, "method "+req.Op+" is not implemented") // want `answers -32603 \(Internal error\) to a method the server does not serve: answer -32601 \(Method not found\)`
	}
}

func (s *server) madeUp(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	switch req.Op {
	case "initialize", "notifications/initialized":
		writeResult(w, req.ID, map[string]any{})
	default:
		writeRPCError(w, req.ID, 1, "unimplemented method") // want `answers 1 to a method the server does not serve`
	}
}

// Right: -32601, and a notification is accepted without an answer (a
// message with no method is refused before).
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	if req.Op == "" {
		http.Error(w, "no method", http.StatusBadRequest)
		return
	}
	switch req.Op {
	case "tools/call":
		writeResult(w, req.ID, map[string]any{"content": []any{}})
	default:
		if req.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		writeRPCError(w, req.ID, -32601, "Method not found")
	}
}

// Not judged: the default hands the request on; the upstream answers.
func (s *server) proxy(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	switch req.Op {
	case "initialize":
		writeResult(w, req.ID, map[string]any{})
	default:
		s.upstream.ServeHTTP(w, r)
	}
}

// Not judged: a switch on the HTTP method, whose default is 405's.
func (s *server) methods(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		s.right(w, r)
	default:
		writeRPCError(w, nil, -32600, "use POST")
	}
}
