package bench

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// floorHandler is go-sdk's server with the least transport in front of it:
// each request's body is decoded with one encoding/json pass and handed to
// its session's server over a channel, and the answer comes back over
// another. No limits, no checks, no streams: what it costs per call is what
// go-sdk's server does (its JSON-RPC connection, its goroutines, decoding
// params, the tool), so no transport on go-sdk costs less.
type floorHandler struct {
	server *mcp.Server
	seq    atomic.Int64
	mu     sync.Mutex
	conns  map[string]*floorConn
	live   []*mcp.ServerSession
}

func newFloor(s *mcp.Server) *floorHandler {
	return &floorHandler{server: s, conns: make(map[string]*floorConn)}
}

func (h *floorHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if r.Method == http.MethodDelete {
		h.mu.Lock()
		c := h.conns[sid]
		delete(h.conns, sid)
		h.mu.Unlock()
		if c != nil {
			c.Close() // the server session reads EOF
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	msg, err := floorDecode(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	c := h.conns[sid]
	h.mu.Unlock()
	if c == nil {
		sid = strconv.FormatInt(h.seq.Add(1), 10)
		c = &floorConn{id: sid, in: make(chan jsonrpc.Message, 1), out: make(chan []byte, 1), done: make(chan struct{})}
		ss, err := h.server.Connect(context.Background(), c, nil)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		h.mu.Lock()
		h.conns[sid] = c
		h.live = append(h.live, ss)
		h.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
	}
	c.in <- msg
	if req, ok := msg.(*jsonrpc.Request); !ok || !req.IsCall() {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	data := <-c.out
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}

// floorDecode decodes one request or notification with encoding/json,
// cheaper than jsonrpc.DecodeMessage, whose decoder allocates 32 KiB a call.
func floorDecode(body io.Reader) (jsonrpc.Message, error) {
	var env struct {
		ID     any             `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.NewDecoder(body).Decode(&env); err != nil {
		return nil, err
	}
	req := &jsonrpc.Request{Method: env.Method, Params: env.Params}
	if env.ID != nil {
		id, err := jsonrpc.MakeID(env.ID)
		if err != nil {
			return nil, err
		}
		req.ID = id
	}
	return req, nil
}

func (h *floorHandler) closeAll() {
	h.mu.Lock()
	live := h.live
	h.live = nil
	h.mu.Unlock()
	for _, ss := range live {
		ss.Close()
	}
}

// floorConn is an mcp.Connection over two channels; a session's client
// sends one call at a time, so its answer is the next response written.
type floorConn struct {
	id        string
	in        chan jsonrpc.Message
	out       chan []byte
	done      chan struct{}
	closeOnce sync.Once
}

func (c *floorConn) Connect(context.Context) (mcp.Connection, error) { return c, nil }
func (c *floorConn) SessionID() string                               { return c.id }

func (c *floorConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-c.in:
		return m, nil
	case <-c.done:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *floorConn) Write(_ context.Context, m jsonrpc.Message) error {
	if _, ok := m.(*jsonrpc.Response); !ok {
		return nil // the echo tool sends nothing but its answer
	}
	data, err := jsonrpc.EncodeMessage(m)
	if err != nil {
		return err
	}
	select {
	case c.out <- data:
		return nil
	case <-c.done:
		return mcp.ErrConnectionClosed
	}
}

func (c *floorConn) Close() error {
	c.closeOnce.Do(func() { close(c.done) })
	return nil
}
