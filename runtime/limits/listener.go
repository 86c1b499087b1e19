package limits

import (
	"net"
	"sync"
)

// DefaultMaxConns is the connection cap a scaffolded server uses unless
// told otherwise: far more than the clients one process serves in
// practice, and well under the file-descriptor limit Go raises the
// process to on Linux.
const DefaultMaxConns = 1024

// Listener returns a listener that has at most max connections from ln
// open at once: Accept waits while max are open, leaving further clients
// in the kernel's accept queue, and a connection's Close makes room. max
// ≤ 0 returns ln unchanged.
func Listener(ln net.Listener, max int) net.Listener {
	if max <= 0 {
		return ln
	}
	return &listener{Listener: ln, sem: make(chan struct{}, max), done: make(chan struct{})}
}

type listener struct {
	net.Listener
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func (l *listener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &conn{Conn: c, release: func() { <-l.sem }}, nil
}

// Close closes the listener and wakes an Accept waiting for room.
func (l *listener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// conn gives back its room once, however often it is closed.
type conn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// DefaultMaxListenStreams caps the 2026-07-28 subscriptions/listen streams
// a generated handler keeps open at once when its option is zero: each is
// a request held open for as long as its client likes.
const DefaultMaxListenStreams = 1000
