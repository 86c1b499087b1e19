// Package wrongshape: -32700 answered when bytes that already decoded as
// JSON do not fit the message type. Only bytes that are not JSON are a
// parse error; JSON of the wrong shape is -32600 (-32602 for params).
package wrongshape

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

type reply struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

type message struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func refuse(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply{Version: "2.0", Error: &rpcErr{Code: code, Message: text}})
}

// classify decodes the envelope of a message already read as JSON.
func classify(raw json.RawMessage) (*message, error) {
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	if m.Method == "" {
		return nil, errors.New("no method")
	}
	return &m, nil
}

func serve(w http.ResponseWriter, r *http.Request) {
	dec := json.NewDecoder(r.Body)
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		refuse(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	// More bytes after the message: the stream is not one JSON value.
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != nil && !errors.Is(err, io.EOF) {
		refuse(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	m, err := classify(raw)
	if err != nil {
		refuse(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) when bytes that already decoded as JSON do not fit: answer -32600`
		return
	}
	_ = m
}

func serveTwice(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		refuse(w, http.StatusBadRequest, -32000, "read failed")
		return
	}
	var probe map[string]any
	if err := json.Unmarshal(body, &probe); err != nil {
		refuse(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		refuse(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) when bytes that already decoded as JSON do not fit`
		return
	}
	// The right code for the wrong shape.
	var p struct{ Name string }
	if err := json.Unmarshal(m.Params, &p); err != nil {
		refuse(w, http.StatusOK, -32602, "Invalid params")
		return
	}
}

// A decode in another branch does not make the bytes JSON here.
func serveBranches(w http.ResponseWriter, r *http.Request, batch bool) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		refuse(w, http.StatusBadRequest, -32000, "read failed")
		return
	}
	if batch {
		var probe []json.RawMessage
		if err := json.Unmarshal(body, &probe); err != nil {
			refuse(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
			return
		}
		return
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		refuse(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
}
