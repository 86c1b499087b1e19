package muxgw

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
)

// backend is one downstream MCP server reachable over Streamable HTTP.
type backend struct {
	name   string
	url    string
	client *http.Client
}

type backendReply struct {
	status    int
	sessionID string
	body      []byte
}

func (b *backend) post(ctx context.Context, sessionID string, payload []byte) (*backendReply, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.url, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sessionID != "" {
		req.Header.Set("Mcp-Session-Id", sessionID)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.name, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%s: read body: %w", b.name, err)
	}
	return &backendReply{status: resp.StatusCode, sessionID: resp.Header.Get("Mcp-Session-Id"), body: body}, nil
}
