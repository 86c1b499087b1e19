package deploy_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// redisDo sends one command to the Redis at addr and returns its reply:
// string, int64, nil, []any, or an error for an error reply. The tests read
// and plant session records with it, as an operator would with redis-cli.
func redisDo(addr string, args ...string) (any, error) {
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	var b strings.Builder
	fmt.Fprintf(&b, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(&b, "$%d\r\n%s\r\n", len(a), a)
	}
	if _, err := io.WriteString(c, b.String()); err != nil {
		return nil, err
	}
	return readReply(bufio.NewReader(c))
}

func readReply(r *bufio.Reader) (any, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return nil, err
	}
	line = strings.TrimSuffix(line, "\r\n")
	if line == "" {
		return nil, errors.New("empty reply")
	}
	switch line[0] {
	case '+':
		return line[1:], nil
	case '-':
		return nil, errors.New(line[1:])
	case ':':
		return strconv.ParseInt(line[1:], 10, 64)
	case '$':
		n, err := strconv.Atoi(line[1:])
		if err != nil || n < 0 {
			return nil, err
		}
		buf := make([]byte, n+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, err
		}
		return string(buf[:n]), nil
	case '*':
		n, err := strconv.Atoi(line[1:])
		if err != nil || n < 0 {
			return nil, err
		}
		out := make([]any, n)
		for i := range out {
			if out[i], err = readReply(r); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown reply %q", line)
}

// sessionRecord reads the holder and epoch of a stored session; ok is
// false when there is no record.
func sessionRecord(t testing.TB, redis, id string) (node string, epoch int64, ok bool) {
	t.Helper()
	v, err := redisDo(redis, "HMGET", "mcpwire:session:"+id, "node", "epoch")
	if err != nil {
		t.Fatalf("reading the record of %s: %v", id, err)
	}
	f := v.([]any)
	if f[1] == nil {
		return "", 0, false
	}
	node, _ = f[0].(string)
	epoch, _ = strconv.ParseInt(f[1].(string), 10, 64)
	return node, epoch, true
}

// storeProxy stands between the nodes and Redis: it passes bytes on, late
// by delay in each direction (a slow store), or refuses every connection
// and cuts those open (a store that is down). It listens on 127.0.0.1 and
// stops when the test ends.
type storeProxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	delay time.Duration
	down  bool
	conns map[net.Conn]struct{}
}

func startStoreProxy(t testing.TB, target string) *storeProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &storeProxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

func (p *storeProxy) addr() string { return p.ln.Addr().String() }

// set makes the store slow by delay, or down.
func (p *storeProxy) set(delay time.Duration, down bool) {
	p.mu.Lock()
	p.delay, p.down = delay, down
	p.mu.Unlock()
	if down {
		p.cut()
	}
}

func (p *storeProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
}

func (p *storeProxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.down {
		return false
	}
	for _, c := range cs {
		p.conns[c] = struct{}{}
	}
	return true
}

func (p *storeProxy) serve(c net.Conn) {
	p.mu.Lock()
	down := p.down
	p.mu.Unlock()
	if down {
		c.Close()
		return
	}
	s, err := net.DialTimeout("tcp", p.target, time.Second)
	if err != nil {
		c.Close()
		return
	}
	if !p.track(c, s) {
		c.Close()
		s.Close()
		return
	}
	go p.pipe(s, c)
	p.pipe(c, s)
}

// pipe copies from src to dst, each chunk after the delay in force.
func (p *storeProxy) pipe(dst, src net.Conn) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			d := p.delay
			p.mu.Unlock()
			time.Sleep(d)
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
