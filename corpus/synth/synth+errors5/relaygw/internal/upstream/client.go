// Package upstream is the relay's HTTP client for the MCP server it fronts.
// Only JSON-response mode is supported: the upstream must be started with
// JSON responses enabled, the relay does not re-frame event streams.
package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"
)

// Sentinel errors; callers match them with errors.Is.
var (
	ErrUnreachable = errors.New("upstream: unreachable")
	ErrTimeout     = errors.New("upstream: timed out")
	ErrStatus      = errors.New("upstream: server error")
)

const maxReply = 8 << 20

// Reply is what the upstream answered, headers filtered to the ones
// the relay passes on.
type Reply struct {
	Status    int
	SessionID string
	Type      string
	Body      []byte
}

type Client struct {
	endpoint string
	hc       *http.Client
}

func New(endpoint string, timeout time.Duration) (*Client, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return nil, fmt.Errorf("upstream: bad endpoint %q: %w", endpoint, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("upstream: endpoint %q must be http(s)", endpoint)
	}
	return &Client{
		endpoint: u.String(),
		hc:       &http.Client{Timeout: timeout},
	}, nil
}

// Post forwards one JSON-RPC payload. sessionID and protoVersion may be empty.
func (c *Client) Post(ctx context.Context, sessionID, protoVersion string, payload []byte) (*Reply, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sessionID != "" {
		req.Header.Set("Mcp-Session-Id", sessionID)
	}
	if protoVersion != "" {
		req.Header.Set("Mcp-Protocol-Version", protoVersion)
	}

	resp, err := c.hc.Do(req)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, fmt.Errorf("%w: %v", ErrTimeout, err)
		}
		return nil, fmt.Errorf("%w: %v", ErrUnreachable, err)
	}
	defer resp.Body.Close()

	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	if err != nil {
		return nil, fmt.Errorf("%w: reading reply: %v", ErrUnreachable, err)
	}
	if resp.StatusCode >= 500 {
		return nil, fmt.Errorf("%w: status %d", ErrStatus, resp.StatusCode)
	}
	return &Reply{
		Status:    resp.StatusCode,
		SessionID: resp.Header.Get("Mcp-Session-Id"),
		Type:      resp.Header.Get("Content-Type"),
		Body:      body,
	}, nil
}
