package negotiate

import (
	"encoding/json"
	"errors"
	"fmt"
)

type peerInfo struct {
	Name string `json:"name"`
}

type helloParams struct {
	ProtocolVersion string   `json:"protocolVersion"`
	ClientInfo      peerInfo `json:"clientInfo"`
}

type helloResult struct {
	ProtocolVersion string   `json:"protocolVersion"`
	ServerInfo      peerInfo `json:"serverInfo"`
}

type rpcFault struct {
	Code    int
	Message string
}

func (f *rpcFault) Error() string { return f.Message }

const ownRevision = "2025-06-18"

type methods struct{}

// hello is a method handler that answers by returning; its caller writes
// the error. Refusing the client's revision with it ends the handshake.
func (m *methods) hello(raw json.RawMessage) (*helloResult, error) {
	var p helloParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, &rpcFault{Code: -32602, Message: "bad params"}
	}
	if p.ProtocolVersion != ownRevision { // want `initialize refused because the requested protocolVersion is not the one expected`
		return nil, fmt.Errorf("unsupported protocol version %q", p.ProtocolVersion)
	}
	return &helloResult{ProtocolVersion: ownRevision, ServerInfo: peerInfo{Name: "demo"}}, nil
}

// helloNegotiating answers its own revision when the client's differs.
func (m *methods) helloNegotiating(p helloParams) (*helloResult, error) {
	answer := p.ProtocolVersion
	if p.ProtocolVersion != ownRevision {
		answer = ownRevision
	}
	return &helloResult{ProtocolVersion: answer, ServerInfo: peerInfo{Name: "demo"}}, nil
}

// connect is a client checking what a server answered: a result, which it
// may decline to go on with.
func connect(r helloResult) error {
	if r.ProtocolVersion != ownRevision {
		return errors.New("server speaks another revision")
	}
	return nil
}

// CheckHello is a validator of the same shape that nothing here calls: it
// refuses no client, so it is not judged.
func CheckHello(p helloParams) error {
	if p.ProtocolVersion != ownRevision {
		return errors.New("unsupported protocol version")
	}
	return nil
}

// serve reaches hello, as a dispatcher does.
func (m *methods) serve(method string, raw json.RawMessage) (any, error) {
	if method == "initialize" {
		return m.hello(raw)
	}
	return nil, nil
}
