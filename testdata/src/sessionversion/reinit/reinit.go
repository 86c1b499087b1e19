// Package reinit restates the recovery paths of the Rust SDK review: a
// client that gates the id on its first handshake but not on the
// re-initialization after a 404, and clients whose gate runs only after the
// replacement handshake already sent the id on notifications/initialized.
package reinit

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// The client offers the sessionless revision first.
var supported = []string{protocol.Version20260728, protocol.Version20251125}

type client struct {
	hc        *http.Client
	sessionID string
	version   string
}

// initialize gates the id where it is adopted: correct.
func (c *client) initialize(resp *http.Response, negotiated string) {
	c.version = negotiated
	c.sessionID = protocol.SessionIDForVersion(resp.Header.Get("Mcp-Session-Id"), negotiated)
}

func (c *client) send(req *http.Request) {
	if c.sessionID != "" {
		req.Header.Set("Mcp-Session-Id", c.sessionID)
	}
}

// recover404 is the replacement handshake after the server forgot the
// session: it adopts the new id raw, whatever the new handshake negotiated.
func (c *client) recover404(resp *http.Response) {
	c.sessionID = resp.Header.Get("Mcp-Session-Id") // want `Mcp-Session-Id from a response is kept and echoed`
}

// lateInline gates the replacement id, but only after it POSTed
// notifications/initialized with it.
type lateInline struct {
	hc        *http.Client
	sessionID string
}

func (l *lateInline) reinitialize(init *http.Response, notify *http.Request, negotiated string) error {
	id := init.Header.Get("Mcp-Session-Id")
	notify.Header.Set("Mcp-Session-Id", id) // want `Mcp-Session-Id from a response is sent on a request before the negotiated revision is tested`
	if _, err := l.hc.Do(notify); err != nil {
		return err
	}
	l.sessionID = protocol.SessionIDForVersion(id, negotiated)
	return nil
}

// lateHelper is the Rust shape itself: the helper performs the whole
// handshake, initialized notification included, and the caller gates what
// it returns.
type lateHelper struct {
	hc        *http.Client
	sessionID string
	version   string
}

func (l *lateHelper) performReinitialization(init *http.Response, notify *http.Request) (string, error) {
	id := init.Header.Get("Mcp-Session-Id")
	notify.Header.Set("Mcp-Session-Id", id)
	resp, err := l.hc.Do(notify)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return id, nil
}

func (l *lateHelper) onNotFound(init *http.Response, notify *http.Request, negotiated string) error {
	id, err := l.performReinitialization(init, notify) // want `Mcp-Session-Id from a response was already sent by performReinitialization before the negotiated revision is tested`
	if err != nil {
		return err
	}
	l.version = negotiated
	l.sessionID = protocol.SessionIDForVersion(id, negotiated)
	return nil
}

// fixedHelper moves the gate inside, before the notification: it keeps the
// raw id for the shutdown DELETE only and returns the gated one.
type fixedHelper struct {
	hc        *http.Client
	sessionID string
	cleanupID string
}

func (f *fixedHelper) performReinitialization(init *http.Response, notify *http.Request, negotiated string) (sent, cleanup string, err error) {
	cleanup = init.Header.Get("Mcp-Session-Id")
	sent = protocol.SessionIDForVersion(cleanup, negotiated)
	if sent != "" {
		notify.Header.Set("Mcp-Session-Id", sent)
	}
	resp, err := f.hc.Do(notify)
	if err != nil {
		return "", "", err
	}
	resp.Body.Close()
	return sent, cleanup, nil
}

func (f *fixedHelper) onNotFound(init *http.Response, notify *http.Request, negotiated string) error {
	sent, cleanup, err := f.performReinitialization(init, notify, negotiated)
	if err != nil {
		return err
	}
	f.sessionID, f.cleanupID = sent, cleanup
	return nil
}

// earlyGate tests the revision before anything is sent: correct.
func (f *fixedHelper) earlyGate(init *http.Response, notify *http.Request, negotiated string) {
	id := init.Header.Get("Mcp-Session-Id")
	if !protocol.HasSessions(negotiated) {
		id = ""
	}
	if id != "" {
		notify.Header.Set("Mcp-Session-Id", id)
	}
}
