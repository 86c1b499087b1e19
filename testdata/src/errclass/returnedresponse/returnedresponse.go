// Package returnedresponse: a refusal built by a dispatcher and returned as
// a whole response value, which the handler writes with the implicit 200.
package returnedresponse

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"

	"fixtures/errclass/returnedresponse/dispatch"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id,omitempty"`
	Result  any       `json:"result,omitempty"`
	Error   *rpcError `json:"error,omitempty"`
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type server struct {
	tools map[string]func(json.RawMessage) (any, error)
}

// process decodes the message itself and answers with a response value.
func (s *server) process(data []byte) *response {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return &response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}
	}
	tool, ok := s.tools[req.Method]
	if !ok {
		return &response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32601, Message: "Method not found"}}
	}
	if len(req.Params) == 0 {
		// The method's own refusal of its params, after dispatch.
		return &response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32600, Message: "params required"}}
	}
	out, err := tool(req.Params)
	if err != nil {
		return &response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32603, Message: err.Error()}}
	}
	return &response{JSONRPC: "2.0", ID: req.ID, Result: out}
}

// processWithToken wraps process: its result is process's.
func (s *server) processWithToken(r *http.Request, data []byte) *response {
	_ = r.Header.Get("Authorization")
	return s.process(data)
}

// decodeEnvelope returns the response and an error: the refusal is the
// first result.
func decodeEnvelope(data []byte) (*response, error) {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return &response{JSONRPC: "2.0", Error: &rpcError{Code: -32600, Message: "not a request"}}, err
	}
	return nil, nil
}

// The response is encoded with no status set: HTTP 200.
func (s *server) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "read failed", http.StatusBadRequest)
			return
		}
		resp := s.processWithToken(r, body)
		if resp != nil {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(resp) // want `writes the -32700 \(Parse error\) response processWithToken returns with HTTP 200: a request refused before any method runs is 400`
		}
	})
}

// Marshalled, then written.
func (s *server) serveBytes(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.process(body)
	out, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "encode failed", http.StatusInternalServerError)
		return
	}
	w.Write(out) // want `writes the -32700 \(Parse error\) response process returns`
}

// Encoded in place.
func (s *server) serveInPlace(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	json.NewEncoder(w).Encode(s.process(body)) // want `writes the -32700 \(Parse error\) response process returns`
}

// A -32600 about the request's own decode, the first of two results.
func serveEnvelope(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp, err := decodeEnvelope(body)
	if err != nil {
		_ = json.NewEncoder(w).Encode(resp) // want `writes the -32600 \(Invalid Request\) response decodeEnvelope returns`
		return
	}
}

// Through a helper of the package that sets the status it is given.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *server) serveHelper(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	writeJSON(w, http.StatusOK, s.process(body)) // want `writes the -32700 \(Parse error\) response process returns`
}

// Built in another package, carried by a fact.
func serveImported(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	reply := dispatch.Answer(r.Context(), body)
	_ = json.NewEncoder(w).Encode(reply) // want `writes the -32700 \(Parse error\) response Answer returns`
}

// Built by a constructor given the code, in another package's method.
func serveEngine(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	e := &dispatch.Engine{}
	reply := e.Handle(body)
	_ = json.NewEncoder(w).Encode(reply) // want `writes the -32700 \(Parse error\) response Handle returns`
}

// The response's bytes, encoded by a constructor in another package.
func serveEncoded(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	out, err := (&dispatch.Engine{}).Encoded(body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(out) // want `writes the -32700 \(Parse error\) response Encoded returns`
}

// Good: a method's encoded answer after dispatch (-32601) rides on 200.
func serveEncodedRoute(w http.ResponseWriter, r *http.Request) {
	out, err := (&dispatch.Engine{}).EncodedRoute(r.URL.Query().Get("method"))
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	_, _ = w.Write(out)
}

// 200 set in so many words before the response is encoded.
func (s *server) serveSaid200(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.process(body)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(resp) // want `writes the -32700 \(Parse error\) response process returns`
}

// Good: the status set before the encode is the response's own.
func (s *server) serveSaidOwn(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.process(body)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(statusOf(resp))
	_ = json.NewEncoder(w).Encode(resp)
}

func statusOf(resp *response) int {
	if resp != nil && resp.Error != nil && resp.Error.Code == -32700 {
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// Good: the status follows the response's error.
func (s *server) serveStatus(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	resp := s.process(body)
	if resp.Error != nil && resp.Error.Code == -32700 {
		w.WriteHeader(http.StatusBadRequest)
	}
	_ = json.NewEncoder(w).Encode(resp)
}

// Good: the status is chosen by the helper's caller.
func (s *server) serveHelperStatus(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	writeJSON(w, http.StatusBadRequest, s.process(body))
}

// Good: a method's answer after dispatch (-32601) rides on 200.
func serveRoute(w http.ResponseWriter, r *http.Request) {
	reply := dispatch.Route(r.Context(), r.URL.Query().Get("method"))
	_ = json.NewEncoder(w).Encode(reply)
}

// Good: written to stdio, not to an HTTP answer.
func (s *server) serveStdio(ctx context.Context, line []byte) error {
	resp := s.process(line)
	if resp == nil {
		return errors.New("no response")
	}
	return json.NewEncoder(os.Stdout).Encode(resp)
}

// The bytes were decoded, and their failure refused, before process gets
// them: its parse error cannot be the answer.
func (s *server) serveDecoded(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var head request
	if err := json.Unmarshal(body, &head); err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(s.process(body))
}

// Checked with json.Valid first: the same.
func (s *server) serveValid(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if !json.Valid(body) {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(s.process(body))
}
