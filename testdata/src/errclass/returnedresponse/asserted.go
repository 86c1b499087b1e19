package returnedresponse

import (
	"encoding/json"
	"io"
	"net/http"
)

type errorReply struct {
	JSONRPC string    `json:"jsonrpc"`
	Error   *rpcError `json:"error"`
}

// handle answers with a value of an interface type, as an engine's
// HandleMessage does: an error reply or a result.
func (s *server) handle(data []byte) any {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return errorReply{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}
	}
	return response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
}

// Written whatever it is.
func (s *server) serveAny(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.handle(body)
	_ = json.NewEncoder(w).Encode(resp) // want `writes the -32700 \(Parse error\) response handle returns`
}

// Good: the error reply is told apart by its type and written 400.
func (s *server) serveAsserted(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.handle(body)
	if e, isErr := resp.(errorReply); isErr {
		writeJSON(w, http.StatusBadRequest, e)
		return
	}
	_ = json.NewEncoder(w).Encode(resp)
}

// Good: a type switch tells it apart too.
func (s *server) serveSwitched(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.handle(body)
	switch e := resp.(type) {
	case errorReply:
		writeJSON(w, http.StatusBadRequest, e)
		return
	}
	_ = json.NewEncoder(w).Encode(resp)
}
