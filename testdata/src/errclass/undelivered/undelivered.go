// Package undelivered: a JSON-RPC error object is an answer only when it
// can reach the wire: written, returned, or handed to a call. One built as
// a placeholder for a reply this process could not read, and sent on a
// channel to the caller waiting for that reply, refuses nobody's request.
package undelivered

import (
	"encoding/json"
	"io"
	"net/http"
	"sync"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcErr         `json:"error,omitempty"`
}

// frame is what the peer's socket carries: a kind, a correlation id and a
// payload already decoded as JSON.
type frame struct {
	Kind string          `json:"kind"`
	Ref  string          `json:"ref"`
	Data json.RawMessage `json:"data"`
}

type peer struct {
	mu      sync.Mutex
	waiting map[string]chan reply
	out     io.Writer
}

func (p *peer) take(ref string) chan reply {
	p.mu.Lock()
	defer p.mu.Unlock()
	ch := p.waiting[ref]
	delete(p.waiting, ref)
	return ch
}

// The reply to one of our own calls did not fit: the waiting caller gets a
// placeholder error through its channel.
func (p *peer) onReply(f frame) {
	ch := p.take(f.Ref)
	var rep reply
	if err := json.Unmarshal(f.Data, &rep); err != nil {
		rep = reply{Error: &rpcErr{Code: -32700, Message: "unreadable reply"}}
	}
	ch <- rep
	close(ch)
}

// The placeholder sent as it is built.
func (p *peer) onReplyDirect(f frame) {
	ch := p.take(f.Ref)
	var rep reply
	if err := json.Unmarshal(f.Data, &rep); err != nil {
		ch <- reply{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "unreadable reply"}}
		return
	}
	ch <- rep
}

// The placeholder offered in a select, with no code at all.
func (p *peer) onReplySelect(f frame) {
	ch := p.take(f.Ref)
	var rep reply
	if err := json.Unmarshal(f.Data, &rep); err != nil {
		failed := reply{Version: "2.0", Error: &rpcErr{Message: err.Error()}}
		select {
		case ch <- failed:
		default:
		}
	}
}

type call struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// Near miss: a request the peer sent us, answered on the wire.
func (p *peer) onCall(f frame) {
	var c call
	if err := json.Unmarshal(f.Data, &c); err != nil {
		rep := reply{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}} // want `answers -32700 \(Parse error\)`
		_ = json.NewEncoder(p.out).Encode(rep)
		return
	}
}

// Near miss: the same object returned to the caller that writes it.
func decodeCall(f frame) (*call, *reply) {
	var c call
	if err := json.Unmarshal(f.Data, &c); err != nil {
		return nil, &reply{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}} // want `answers -32700 \(Parse error\)`
	}
	return &c, nil
}

func (p *peer) send(r reply) { _ = json.NewEncoder(p.out).Encode(r) }

// Near miss: held, then handed to a function that sends it; in a loop,
// where the use precedes the assignment in the source.
func (p *peer) onCalls(fs []frame) {
	var pending reply
	for i, f := range fs {
		if i > 0 {
			p.send(pending)
		}
		var c call
		if err := json.Unmarshal(f.Data, &c); err != nil {
			pending = reply{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}} // want `answers -32700 \(Parse error\)`
		}
	}
}

// Near miss: an HTTP handler that writes the object it holds.
func serve(w http.ResponseWriter, r *http.Request) {
	rep := reply{Version: "2.0", Error: &rpcErr{Code: 0, Message: "no code"}} // want `JSON-RPC error with code 0`
	w.WriteHeader(http.StatusInternalServerError)
	_ = json.NewEncoder(w).Encode(rep)
}
