package wrongshape

import (
	"encoding/json"
	"io"
	"net/http"
)

func refuseShape(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(reply{Version: "2.0", Error: &rpcErr{Code: code, Message: msg}})
}

// readRaw decodes the body into raw JSON, refusing bytes that are not.
func readRaw(w http.ResponseWriter, r *http.Request) (json.RawMessage, bool) {
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		refuseShape(w, -32700, "Parse error")
		return nil, false
	}
	return raw, true
}

// envelope decodes JSON it is handed, already known to be JSON at every
// call: only its shape can fail.
func envelope(w http.ResponseWriter, raw json.RawMessage) (message, bool) {
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		refuseShape(w, -32700, "Parse error") // want `answers -32700 \(Parse error\) when bytes that already decoded as JSON do not fit`
		return message{}, false
	}
	return m, true
}

func twoSteps(w http.ResponseWriter, r *http.Request) {
	raw, ok := readRaw(w, r)
	if !ok {
		return
	}
	m, ok := envelope(w, raw)
	if !ok {
		return
	}
	_ = m
}

// loose is also called with bytes nobody decoded: a parse error there is
// right, so not judged.
func loose(w http.ResponseWriter, raw json.RawMessage) {
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		refuseShape(w, -32700, "Parse error")
	}
}

func looseCalls(w http.ResponseWriter, r *http.Request) {
	raw, ok := readRaw(w, r)
	if !ok {
		return
	}
	loose(w, raw)
	b, _ := io.ReadAll(r.Body)
	loose(w, json.RawMessage(b))
}

// unchecked: the caller goes on whether or not the body decoded.
func unchecked(w http.ResponseWriter, raw json.RawMessage) {
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		refuseShape(w, -32700, "Parse error")
	}
}

func goesOn(w http.ResponseWriter, r *http.Request) {
	raw, ok := readRaw(w, r)
	if r.Method == http.MethodGet {
		return
	}
	note("decoded", ok)
	unchecked(w, raw)
}

func note(string, bool) {}

// handedOn is also used as a value: its callers are not all seen.
func handedOn(w http.ResponseWriter, raw json.RawMessage) {
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		refuseShape(w, -32700, "Parse error")
	}
}

var decoders = []func(http.ResponseWriter, json.RawMessage){handedOn}

func valued(w http.ResponseWriter, r *http.Request) {
	raw, ok := readRaw(w, r)
	if !ok {
		return
	}
	handedOn(w, raw)
}
