package relay

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

const maxPeek = 4 << 20

// peekMethod returns the JSON-RPC method of a single-message POST body and
// puts the bytes back so the proxy can forward them untouched.
func peekMethod(r *http.Request) (string, error) {
	if r.Method != http.MethodPost || r.Body == nil {
		return "", nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxPeek))
	r.Body.Close()
	if err != nil {
		return "", err
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	var probe struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(raw, &probe) != nil {
		// Batches and garbage are the upstream's problem.
		return "", nil
	}
	return probe.Method, nil
}
