// Package keyedstatus: helpers whose status comes from the code they are
// given, through a map with a fallback and through a switch. A parse
// refusal the map has no row for leaves with 200; an upstream failure
// given the parse code leaves with 400.
package keyedstatus

import (
	"encoding/json"
	"io"
	"net/http"
)

const (
	parseError    = -32700
	invalidParams = -32602
	internalError = -32603
)

var statusOf = map[int]int{
	invalidParams: http.StatusBadRequest,
	internalError: http.StatusInternalServerError,
}

// reply answers with the status the table gives code, 200 without a row.
func reply(w http.ResponseWriter, code int, msg string) {
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusOK
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

// statusFor is the status a code travels with.
func statusFor(code int) int {
	switch code {
	case parseError, invalidParams:
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}

func fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(statusFor(code))
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

type gateway struct {
	client   *http.Client
	upstream string
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, invalidParams, "unreadable body")
		return
	}
	var msg map[string]any
	if err := json.Unmarshal(body, &msg); err != nil {
		reply(w, parseError, "Parse error") // want `answers -32700 \(Parse error\) with HTTP 200`
		return
	}
	resp, err := g.client.Post(g.upstream, "application/json", r.Body)
	if err != nil {
		fail(w, parseError, "upstream unavailable") // want `answers 400 with -32700 \(Parse error\) for an error from \(\*http.Client\).Post, the upstream's failure: answer 502`
		return
	}
	defer resp.Body.Close()
	if _, err := io.Copy(w, resp.Body); err != nil {
		return
	}
}
