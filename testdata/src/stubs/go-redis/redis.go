// Package redis is a stand-in with go-redis v9's shape for the commands the
// analyzers read; it is not go-redis. Nil is a constant of the protocol
// package's error type, as go-redis's is.
package redis

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9/internal/proto"
)

// Nil is the reply to a key that does not exist.
const Nil = proto.Nil

// StringCmd is a command with a string reply.
type StringCmd struct {
	val string
	err error
}

// Result returns the reply and its error.
func (c *StringCmd) Result() (string, error) { return c.val, c.err }

// Client is a client. go-redis's commands are methods of a function type
// its Client embeds; here they are the Client's own.
type Client struct{}

// GetEx gets the key and sets its expiration.
func (c *Client) GetEx(ctx context.Context, key string, expiration time.Duration) *StringCmd {
	return &StringCmd{}
}
