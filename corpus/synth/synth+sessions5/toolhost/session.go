package main

import (
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
)

type clientConn struct {
	id          string
	initialized bool
	mu          sync.Mutex
	out         chan mcp.JSONRPCNotification
}

func (c *clientConn) SessionID() string { return c.id }

func (c *clientConn) Initialize() {
	c.mu.Lock()
	c.initialized = true
	c.mu.Unlock()
}

func (c *clientConn) Initialized() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.initialized
}

func (c *clientConn) NotificationChannel() chan<- mcp.JSONRPCNotification { return c.out }

type conns struct {
	sync.Map
}

func (cs *conns) lookup(id string) *clientConn {
	v, ok := cs.Load(id)
	if !ok {
		return nil
	}
	return v.(*clientConn)
}
