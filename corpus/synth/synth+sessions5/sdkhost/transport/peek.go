package transport

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"
)

// peekMethod reads the body, puts it back, and reports the JSON-RPC method
// of a single (non-batch) message.
func peekMethod(r *http.Request, limit int64) (string, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, limit))
	if err != nil {
		return "", err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var m struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		// Not our business here; the transport answers malformed bodies.
		return "", nil
	}
	return m.Method, nil
}

func acceptsBoth(r *http.Request) bool {
	var js, sse bool
	for _, v := range r.Header.Values("Accept") {
		for _, part := range strings.Split(v, ",") {
			mt, _, _ := mime.ParseMediaType(strings.TrimSpace(part))
			switch mt {
			case "application/json", "*/*":
				js = true
			case "text/event-stream":
				sse = true
			}
		}
	}
	return js && sse
}

func isJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}
