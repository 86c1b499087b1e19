// Package sessionstore keeps the state of MCP sessions where every node of a
// deployment can read it, so that a session outlives the node that
// established it: a node that gets a request for a session it does not hold
// looks the session up here and resumes it (streamable.NewResumedTransport)
// instead of answering 404, and the client never re-initializes.
//
// What is kept per session is a [Record]: go-sdk's mcp.ServerSessionState
// (initialize params, initialized params, negotiated protocol version, log
// level) — exactly what Server.Connect needs, through
// mcp.ServerSessionOptions{State}, to serve the session again — with the
// principal that owns the session, and the node that holds it under a
// fencing value (see [Store]). A record exists only for an established
// session, so its
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
// live, and the one node that holds each session. Implementations are safe
// for concurrent use.
//
// Ownership: every record carries a fencing value, [Record.Epoch], that
// only rises. A node holds a session under the epoch its Put or Claim
// stored; every later write it makes (Put, Refresh, Delete) names that
// epoch and is refused with [ErrNotHolder], changing nothing, once another
// node has claimed the session. So a copy of the session left behind on a
// node that lost it can neither delete nor overwrite the record of the copy
// that serves it now.
type Store interface {
	// Put stores rec under id for ttl when no record is there or the one
	// there has rec.Epoch (the holder saving a change); otherwise it
	// returns ErrNotHolder and stores nothing.
	Put(ctx context.Context, id string, rec Record, ttl time.Duration) error
	// Get returns the record under id; ok is false when there is none (never
	// stored, deleted or expired). A record that cannot be read is an error
	// wrapping ErrFormat.
	Get(ctx context.Context, id string) (rec Record, ok bool, err error)
	// Claim makes node the holder of the record under id, in one atomic
	// step: when the record's principal is principal it raises the epoch,
	// names node, gives the record ttl from now and returns it as stored
	// now. ok is false when there is none. A record of another principal is
	// ErrForbidden and one that cannot be read wraps ErrFormat; neither is
	// changed.
	Claim(ctx context.Context, id, node, principal string, ttl time.Duration) (rec Record, ok bool, err error)
	// Refresh extends the record under id to live ttl from now when its
	// epoch is epoch; ok is false when there is none, and then nothing is
	// stored. Another epoch is ErrNotHolder.
	Refresh(ctx context.Context, id string, epoch uint64, ttl time.Duration) (ok bool, err error)
	// Delete removes the record under id when its epoch is epoch; another
	// epoch is ErrNotHolder and the record stays. Deleting a missing record
	// is not an error.
	Delete(ctx context.Context, id string, epoch uint64) error
}

// ErrNotHolder is returned by a write of a node that no longer holds the
// session: another node claimed it since.
var ErrNotHolder = errors.New("sessionstore: another node holds the session now")

// ErrForbidden is returned by Claim for a record of another principal.
var ErrForbidden = errors.New("sessionstore: the session belongs to another principal")

// Record is what a node needs to resume a session another node established.
type Record struct {
	// State is the session's go-sdk state, for
	// Server.Connect(ctx, t, &mcp.ServerSessionOptions{State: &rec.State}).
	State mcp.ServerSessionState
	// Principal is the principal of the session's handshake
	// (streamable.Options.Principal); "" for a session anyone may use.
	Principal string
	// Node is the node that holds the session now: the one that
	// established it, or the last to claim it.
	Node string
	// Epoch is the fencing value the holder writes under: 1 for a new
	// session, raised by every Claim.
	Epoch uint64
	// Data is the session's own state as the handler encoded it (the state
	// type a server declares, see runtime/mcphttp); nil when it has none.
	Data []byte
}

// MaxRecordBytes caps a record's stored form: a larger one is refused when
// written and, when found in the store (written by something else), read
// as unreadable (ErrFormat), so that a session whose record grew wrong is
// re-initialized rather than loaded at any size.
const MaxRecordBytes = 1 << 20

// formatVersion is the encoding's version: a node that finds a record it
// cannot read answers the session 404 rather than resuming it wrongly.
const formatVersion = 1

// wireRecord is the record's body. The principal, holder and epoch are
// kept beside it, where a store compares and changes them atomically
// without decoding the body.
type wireRecord struct {
	V     int                    `json:"v"`
	State mcp.ServerSessionState `json:"state"`
	Data  []byte                 `json:"data,omitempty"`
}

// Encode is the stored form of a record's body (JSON: its format version
// and state), shared by the implementations so that nodes of different
// builds read each other's.
func Encode(rec Record) ([]byte, error) {
	data, err := json.Marshal(wireRecord{V: formatVersion, State: rec.State, Data: rec.Data})
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRecordBytes {
		return nil, fmt.Errorf("sessionstore: record of %d bytes is over the %d-byte limit", len(data), MaxRecordBytes)
	}
	return data, nil
}

// ErrFormat is wrapped by Decode's errors and by a store's for a record it
// cannot read.
var ErrFormat = errors.New("sessionstore: unreadable record")

// Decode reads a body Encode wrote into a record's State; the caller sets
// the fields kept beside it.
func Decode(data []byte) (Record, error) {
	if len(data) > MaxRecordBytes {
		return Record{}, fmt.Errorf("%w: %d bytes, over the %d-byte limit", ErrFormat, len(data), MaxRecordBytes)
	}
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
	return Record{State: w.State, Data: w.Data}, nil
}

// DefaultTTL is how long a record lives without a refresh when the caller
// has no idle timeout to go by.
const DefaultTTL = time.Hour
