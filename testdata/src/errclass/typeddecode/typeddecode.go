// Package typeddecode: -32700 (Parse error) answered to every failure of
// one decode of the request into a target valid JSON can fail to fit (a
// struct, a map, a type with its own UnmarshalJSON). JSON of the wrong
// shape ("method": 5, a batch array) then gets -32700 too, where it is
// 400 with -32600. Code that shows the bytes are JSON first, or tells the
// decode's errors apart by kind, is silent.
package typeddecode

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type request struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": rpcErr{Code: code, Message: msg}})
}

// A struct: a number where the method's string belongs fails it.
func intoStruct(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) to every failure of a typed decode`
		return
	}
	_ = req
}

// A map: a batch array or a bare string fails it.
func intoMap(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) to every failure of a typed decode`
		return
	}
	_ = m
}

// strictID refuses ids that are not strings or numbers itself.
type strictID struct{ v string }

func (s *strictID) UnmarshalJSON(b []byte) error {
	if len(b) == 0 || b[0] == '{' || b[0] == '[' {
		return errors.New("id must be a string or a number")
	}
	s.v = string(b)
	return nil
}

// Its own UnmarshalJSON refuses valid JSON too.
func ownUnmarshal(w http.ResponseWriter, r *http.Request) {
	var id strictID
	if err := json.NewDecoder(r.Body).Decode(&id); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) to every failure of a typed decode`
		return
	}
	_ = id
}

// Right: json.Valid first, so the typed decode's failure is the shape.
func validFirst(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	if !json.Valid(body) {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		fail(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	_ = req
}

// Right: a decode into json.RawMessage first takes any JSON; only its
// failure is -32700.
func rawFirst(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	var req request
	if err := json.Unmarshal(raw, &req); err != nil {
		fail(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	_ = req
}

// Right: the syntax error is told apart from JSON that does not fit.
func sorted(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || errors.Is(err, io.ErrUnexpectedEOF) {
			fail(w, http.StatusBadRequest, -32700, "Parse error")
			return
		}
		fail(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	_ = req
}

// Right: the same, with the type error picked out.
func sortedByType(w http.ResponseWriter, r *http.Request) {
	var req request
	err := json.NewDecoder(r.Body).Decode(&req)
	if err != nil {
		var typ *json.UnmarshalTypeError
		code := -32700
		if errors.As(err, &typ) {
			code = -32600
		}
		fail(w, http.StatusBadRequest, code, "refused")
		return
	}
	_ = req
}

// Right: any JSON fits an empty interface; its failure is not JSON.
func intoAny(w http.ResponseWriter, r *http.Request) {
	var v any
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	_ = v
}

// rawBytes keeps the bytes as they come, whatever they are.
type rawBytes []byte

func (b *rawBytes) UnmarshalJSON(p []byte) error {
	*b = append((*b)[:0], p...)
	return nil
}

// Right: a byte slice of its own that keeps any JSON is a RawMessage.
func ownRaw(w http.ResponseWriter, r *http.Request) {
	var b rawBytes
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	_ = b
}

// decodeCapped refuses an empty body itself, and fails on the decode.
func decodeCapped(r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return errors.New("empty body")
	}
	return json.NewDecoder(r.Body).Decode(v)
}

// Silent: the error is the empty body's too, which errclass cannot place.
func throughHelper(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := decodeCapped(r, &req); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	_ = req
}
