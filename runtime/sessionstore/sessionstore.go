// Package sessionstore keeps the state of MCP sessions where every node of a
// deployment can read it, so that a session outlives the node that
// established it: a node that gets a request for a session it does not hold
// looks the session up here and resumes it (streamable.NewResumedTransport)
// instead of answering 404, and the client never re-initializes.
//
// What is kept per session is a [Record]: go-sdk's mcp.ServerSessionState
// (initialize params, initialized params, negotiated protocol version, log
// level) — exactly what Server.Connect needs, through
// mcp.ServerSessionOptions{State}, to serve the session again — and the node
// that minted it. A record exists only for an established session, so its
// presence is the "established" the transport needs; the negotiated version
// is in the state. Streams, in-flight requests and anything a server keeps
// outside ServerSessionState are not kept: they end with their node.
//
// [Memory] keeps records in the process (one node, or tests). The Redis
// implementation is the module github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore,
// kept out of this module so that a server links go-redis only when it uses
// it. Package storetest holds the tests every implementation must pass.
package sessionstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Store keeps session records under their session ids, each with a time to
// live. Implementations are safe for concurrent use.
type Store interface {
	// Put stores rec under id for ttl, replacing any record there.
	Put(ctx context.Context, id string, rec Record, ttl time.Duration) error
	// Get returns the record under id; ok is false when there is none (never
	// stored, deleted or expired).
	Get(ctx context.Context, id string) (rec Record, ok bool, err error)
	// Refresh extends the record under id to live ttl from now; ok is false
	// when there is none, and then nothing is stored.
	Refresh(ctx context.Context, id string, ttl time.Duration) (ok bool, err error)
	// Delete removes the record under id; deleting a missing record is not
	// an error.
	Delete(ctx context.Context, id string) error
}

// Record is what a node needs to resume a session another node established.
type Record struct {
	// State is the session's go-sdk state, for
	// Server.Connect(ctx, t, &mcp.ServerSessionOptions{State: &rec.State}).
	State mcp.ServerSessionState
	// Node is the node that minted the session id (for logs; routing reads
	// the node key from the id itself).
	Node string
	// Data is the session's own state as the handler encoded it (the state
	// type a server declares, see runtime/mcphttp); nil when it has none.
	Data []byte
}

// formatVersion is the encoding's version: a node that finds a record it
// cannot read answers the session 404 rather than resuming it wrongly.
const formatVersion = 1

type wireRecord struct {
	V     int                    `json:"v"`
	State mcp.ServerSessionState `json:"state"`
	Node  string                 `json:"node,omitempty"`
	Data  []byte                 `json:"data,omitempty"`
}

// Encode is the stored form of a record (JSON), shared by the
// implementations so that nodes of different builds read each other's.
func Encode(rec Record) ([]byte, error) {
	return json.Marshal(wireRecord{V: formatVersion, State: rec.State, Node: rec.Node, Data: rec.Data})
}

// ErrFormat is wrapped by Decode's errors.
var ErrFormat = errors.New("sessionstore: unreadable record")

// Decode reads a record Encode wrote.
func Decode(data []byte) (Record, error) {
	var w wireRecord
	if err := json.Unmarshal(data, &w); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if w.V != formatVersion {
		return Record{}, fmt.Errorf("%w: format version %d, want %d", ErrFormat, w.V, formatVersion)
	}
	if w.State.InitializeParams == nil {
		return Record{}, fmt.Errorf("%w: no initialize params", ErrFormat)
	}
	return Record{State: w.State, Node: w.Node, Data: w.Data}, nil
}

// DefaultTTL is how long a record lives without a refresh when the caller
// has no idle timeout to go by.
const DefaultTTL = time.Hour

// RefreshEvery is how often a session in use refreshes its record: a
// quarter of its ttl, so a record lives from one to four quarters past the
// last use and costs one store round trip per quarter, not one per request.
func RefreshEvery(ttl time.Duration) time.Duration { return ttl / 4 }
