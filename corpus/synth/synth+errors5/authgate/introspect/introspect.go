// Package introspect validates opaque bearer tokens against an OAuth 2.0
// token introspection endpoint (RFC 7662).
package introspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var (
	// ErrInactive: the authorization server says the token is not active
	// (expired, revoked, never issued).
	ErrInactive = errors.New("introspect: token inactive")
	// ErrUnavailable: the authorization server could not be reached or
	// answered 5xx.
	ErrUnavailable = errors.New("introspect: authorization server unavailable")
	// ErrBadResponse: the authorization server answered something that is
	// not an introspection response.
	ErrBadResponse = errors.New("introspect: malformed response")
)

type Claims struct {
	Active   bool   `json:"active"`
	Subject  string `json:"sub"`
	ClientID string `json:"client_id"`
	Scope    string `json:"scope"`
	Exp      int64  `json:"exp"`
}

func (c *Claims) HasScope(s string) bool {
	for _, f := range strings.Fields(c.Scope) {
		if f == s {
			return true
		}
	}
	return false
}

type Client struct {
	Endpoint     string
	ClientID     string
	ClientSecret string
	HTTP         *http.Client
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 5 * time.Second}
}

func (c *Client) Check(ctx context.Context, token string) (*Claims, error) {
	form := url.Values{"token": {token}, "token_type_hint": {"access_token"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(c.ClientID, c.ClientSecret)

	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return nil, fmt.Errorf("%w: status %d", ErrUnavailable, resp.StatusCode)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: status %d", ErrBadResponse, resp.StatusCode)
	}
	var cl Claims
	if err := json.NewDecoder(resp.Body).Decode(&cl); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadResponse, err)
	}
	if !cl.Active {
		return nil, ErrInactive
	}
	return &cl, nil
}
