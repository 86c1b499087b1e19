package pinnedhelper

import (
	"net/http"
	"strings"
)

// pinnedInit is a test helper's initialize, kept in a constant: it pins
// 2025-06-18, a revision with sessions.
const pinnedInit = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}`

type constClient struct {
	url string
	sid string
}

func (c *constClient) initialize() error {
	resp, err := http.Post(c.url, "application/json", strings.NewReader(pinnedInit))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	c.sid = resp.Header.Get("Mcp-Session-Id")
	return nil
}

func (c *constClient) call() {
	req, _ := http.NewRequest(http.MethodPost, c.url, nil)
	req.Header.Set("Mcp-Session-Id", c.sid)
	_, _ = http.DefaultClient.Do(req)
}
