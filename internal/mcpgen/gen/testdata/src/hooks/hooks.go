package server

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Cart is a shopping cart per session, named by --state=Cart.
type Cart struct {
	Items []string
}

// OpenCart is the cart's constructor, found by its signature.
func OpenCart(_ *http.Request, _ string, _ *mcp.InitializeParams) (*Cart, error) {
	return &Cart{}, nil
}

// Close empties the cart.
func (c *Cart) Close() { c.Items = nil }

// MarshalBinary implements encoding.BinaryMarshaler: the cart is stored in
// its own form, not as JSON.
func (c *Cart) MarshalBinary() ([]byte, error) {
	return bytes.Join(toBytes(c.Items), []byte{0}), nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler.
func (c *Cart) UnmarshalBinary(data []byte) error {
	c.Items = nil
	if len(data) == 0 {
		return nil
	}
	for _, b := range bytes.Split(data, []byte{0}) {
		c.Items = append(c.Items, string(b))
	}
	return nil
}

func toBytes(items []string) [][]byte {
	out := make([][]byte, len(items))
	for i, s := range items {
		out[i] = []byte(s)
	}
	return out
}

// Principal names who sends a request: a gateway's header.
//
//mcpgen:principal
func Principal(r *http.Request) string { return r.Header.Get("X-Forwarded-User") }

// TenantOf is the tenant of a session: the organisation of its principal.
//
//mcpgen:tenant
func TenantOf(_ *http.Request, principal string) string {
	_, org, _ := strings.Cut(principal, "@")
	return org
}

// NewTenantServer is the server the sessions of one tenant share.
//
//mcpgen:server
func NewTenantServer(tenant string) *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "shop-" + tenant, Version: "v1.0.0"}, nil)
}
