// Package ssefallback serves Streamable HTTP and keeps accepting the
// sessionId query parameter that clients of the older HTTP+SSE transport
// send on /message.
package ssefallback

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

var (
	errNoSession      = errors.New("no session id")
	errMalformed      = errors.New("malformed session id")
	errUnknownSession = errors.New("unknown session")
)

type client struct {
	id   string
	send chan []byte
}

// Broker routes messages to connected clients.
type Broker struct {
	mu      sync.RWMutex
	clients map[string]*client
	handle  func(c *client, msg json.RawMessage) (json.RawMessage, error)
}

func NewBroker(handle func(c *client, msg json.RawMessage) (json.RawMessage, error)) *Broker {
	return &Broker{clients: make(map[string]*client), handle: handle}
}

func sessionIDFrom(r *http.Request) string {
	if v := r.Header.Get("Mcp-Session-Id"); v != "" {
		return v
	}
	return r.URL.Query().Get("sessionId")
}

func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func (b *Broker) validate(id string) error {
	if id == "" {
		return errNoSession
	}
	if !visibleASCII(id) {
		return errMalformed
	}
	b.mu.RLock()
	_, ok := b.clients[id]
	b.mu.RUnlock()
	if !ok {
		return errUnknownSession
	}
	return nil
}

// HandleMessage serves POST /mcp and the legacy POST /message.
func (b *Broker) HandleMessage(w http.ResponseWriter, r *http.Request) {
	var msg json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeJSONRPCError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	var head struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(msg, &head)
	if head.Method == "initialize" {
		b.open(w, msg)
		return
	}
	id := sessionIDFrom(r)
	if err := b.validate(id); err != nil {
		switch {
		case errors.Is(err, errMalformed):
			writeJSONRPCError(w, http.StatusBadRequest, -32600, "Invalid Request: malformed session id")
		case errors.Is(err, errNoSession):
			writeJSONRPCError(w, http.StatusBadRequest, -32000, "Bad Request: session id required")
		default:
			writeJSONRPCError(w, http.StatusBadRequest, -32001, "Invalid session ID")
		}
		return
	}
	b.mu.RLock()
	c := b.clients[id]
	b.mu.RUnlock()
	out, err := b.handle(c, msg)
	if err != nil {
		writeJSONRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(out)
}

func (b *Broker) open(w http.ResponseWriter, msg json.RawMessage) {
	c := &client{id: newClientID(), send: make(chan []byte, 32)}
	out, err := b.handle(c, msg)
	if err != nil {
		writeJSONRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	b.mu.Lock()
	b.clients[c.id] = c
	b.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", c.id)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(out)
}

func newClientID() string {
	var buf [16]byte
	_, _ = rand.Read(buf[:])
	return hex.EncodeToString(buf[:])
}

func writeJSONRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
}
