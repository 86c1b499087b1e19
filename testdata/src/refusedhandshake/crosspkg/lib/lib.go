// Package lib exports constructors of per-handshake transports; whether one
// leaks depends on where it is called, which only its callers show.
package lib

import (
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// NewSessionTransport forgets CloseOnRefusedHandshake.
func NewSessionTransport() *streamable.Transport { // want NewSessionTransport:`leakyConstructor\(streamable.NewTransport\)`
	return streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
}

// Wrapped returns another leaky constructor's result.
func Wrapped() *streamable.Transport { // want Wrapped:`leakyConstructor\(NewSessionTransport\)`
	t := NewSessionTransport()
	return t
}

// NewClosingTransport sets the option: right per request, wrong for a
// long-lived endpoint.
func NewClosingTransport() *streamable.Transport { // want NewClosingTransport:`closingConstructor\(streamable.NewTransport\)`
	return streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
}

// NewStateless builds a stateless transport: nothing to close on refusals.
func NewStateless() *streamable.Transport {
	return streamable.NewTransport(streamable.Options{})
}

// Choose returns a leaky transport on one path only: not a constructor
// whose every result leaks, so not reported.
func Choose(closing bool) *streamable.Transport {
	if closing {
		return NewClosingTransport()
	}
	return NewSessionTransport()
}
