// Package pinnedhelper: a test client whose initialize pins protocol
// revision 2025-06-18, which has sessions, so keeping and echoing the id
// the server returns is right, although the package also knows
// 2026-07-28. A client that negotiates freely and keeps the id is still
// reported.
package pinnedhelper

import (
	"net/http"
	"strings"
)

const latest = "2026-07-28"

type testClient struct {
	url       string
	sessionID string
}

func (c *testClient) initialize() error {
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}`
	resp, err := http.Post(c.url, "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	c.sessionID = resp.Header.Get("Mcp-Session-Id")
	return nil
}

func (c *testClient) call(method string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, c.url, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"`+method+`"}`))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Mcp-Session-Id", c.sessionID)
	return http.DefaultClient.Do(req)
}

type freeClient struct {
	url string
	sid string
}

func (c *freeClient) initialize() error {
	resp, err := http.Post(c.url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+latest+`"}}`))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	c.sid = resp.Header.Get("Mcp-Session-Id") // want `Mcp-Session-Id from a response is kept and echoed with no check of the negotiated revision`
	return nil
}

func (c *freeClient) call() {
	req, _ := http.NewRequest(http.MethodPost, c.url, nil)
	req.Header.Set("Mcp-Session-Id", c.sid)
	_, _ = http.DefaultClient.Do(req)
}
