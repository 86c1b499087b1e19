// Package clientsilent: failures of the client's own input, answered as
// the client's. errclass says nothing here.
package clientsilent

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

type message struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func fail(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply{Version: "2.0", Error: &rpcErr{Code: code, Message: text}})
}

// lenientDecode tries JSON, then a form-encoded fallback: it fails only on
// the bytes it is given.
func lenientDecode(data []byte, v *message) error {
	if err := json.Unmarshal(data, v); err == nil {
		return nil
	}
	form, err := url.ParseQuery(string(data))
	if err != nil {
		return err
	}
	v.Method = form.Get("method")
	return nil
}

func serveLenient(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "read failed")
		return
	}
	var m message
	if err := lenientDecode(body, &m); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
}

// A body over the limit told apart with errors.AsType: 413, then 400.
func serveLimited(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
}

// The same with errors.As.
func serveLimitedAs(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	_ = body
}

// Gate holds the validator applied to the request's query.
type Gate struct {
	Validate func(q url.Values) error
}

func (g *Gate) serveQuery(w http.ResponseWriter, r *http.Request) {
	if err := g.Validate(r.URL.Query()); err != nil {
		fail(w, http.StatusBadRequest, -32600, err.Error())
		return
	}
}

// A REST route of the same server: no JSON-RPC code.
type store interface {
	Get(ctx context.Context, id string) (string, error)
}

func serveREST(w http.ResponseWriter, r *http.Request, s store) {
	v, err := s.Get(r.Context(), strings.TrimPrefix(r.URL.Path, "/items/"))
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	_, _ = io.WriteString(w, v)
}
