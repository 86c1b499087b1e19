// Package forwarder sends requests to an upstream whose session it
// initializes and keeps itself; the session id to send is its callers'
// choice.
package forwarder

import (
	"bytes"
	"net/http"
)

// Forwarder keeps the upstream session it opened.
type Forwarder struct {
	URL     string
	session string
}

// Open initializes the upstream and keeps the id it answers with.
func (f *Forwarder) Open(body []byte) error { // want Open:"holds true; package holds"
	resp, err := http.Post(f.URL, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		f.session = id
	}
	return nil
}

// Post sends body upstream under the session id it is given.
func (f *Forwarder) Post(sessionID string, body []byte) (*http.Response, error) { // want Post:"param 0 sets Mcp-Session-Id; holds false; package holds"
	req, err := http.NewRequest(http.MethodPost, f.URL, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Mcp-Session-Id", sessionID)
	return http.DefaultClient.Do(req)
}

// Session is the upstream session's id.
func (f *Forwarder) Session() string { return f.session }
