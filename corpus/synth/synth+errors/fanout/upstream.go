package fanout

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Upstream is one MCP server the aggregator fronts. Its tools are exposed
// as "<prefix>__<tool>".
type Upstream struct {
	Prefix string
	URL    string
	Header http.Header
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data,omitempty"`
	} `json:"error,omitempty"`
}

var errNotJSON = fmt.Errorf("upstream body is not JSON")

// post sends one request and returns the decoded response. A non-2xx status
// without a JSON-RPC body is returned as an error.
func post(ctx context.Context, c *http.Client, u Upstream, body []byte) (*rpcResponse, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.URL, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range u.Header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		b = lastData(b)
	}
	var out rpcResponse
	if err := json.Unmarshal(b, &out); err != nil {
		if resp.StatusCode >= 300 {
			return nil, fmt.Errorf("%s: %s", u.Prefix, resp.Status)
		}
		return nil, fmt.Errorf("%s: %w", u.Prefix, errNotJSON)
	}
	return &out, nil
}

// lastData returns the payload of the last "data:" line of an SSE body.
func lastData(b []byte) []byte {
	var last []byte
	for _, line := range bytes.Split(b, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte("data:")); ok {
			last = bytes.TrimSpace(rest)
		}
	}
	return last
}
