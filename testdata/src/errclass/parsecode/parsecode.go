// Package parsecode: -32700 (Parse error) answered for errors that do not
// come from decoding the body.
package parsecode

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/errclass/rpcutil"
)

// codeParse is a user constant with the parse-error value.
const codeParse = -32700

type handler struct {
	store  rpcutil.Store
	server *mcp.Server
	// Hooks the server is configured with.
	NewID     func() (string, error)
	OnSession func(ctx context.Context, id string) error
	// A function field of the package's own: not judged.
	decode func([]byte) error
}

func (h *handler) storeError(w http.ResponseWriter, r *http.Request) {
	if err := h.store.Put(r.Context(), "x"); err != nil {
		rpcutil.WriteError(w, http.StatusBadRequest, codeParse, "parse error") // want `answers 400 with -32700 \(Parse error\) for an error from h.store.Put, a server-side failure: answer 500`
		return
	}
}

func (h *handler) generator(w http.ResponseWriter, r *http.Request) {
	id, err := h.NewID()
	if err != nil {
		rpcutil.WriteError(w, 400, jsonrpc.CodeParseError, err.Error()) // want `answers 400 with -32700 \(Parse error\) for an error from h.NewID`
		return
	}
	_ = id
}

func (h *handler) hook(w http.ResponseWriter, r *http.Request) {
	err := h.OnSession(r.Context(), "id")
	if err != nil {
		protocol.WriteError(w, nil, protocol.ParseError(err)) // want `answers 400 with -32700 \(Parse error\) for an error from h.OnSession`
	}
	if err := h.decode(nil); err != nil {
		protocol.WriteError(w, nil, protocol.ParseError(err))
	}
}

func (h *handler) connect(w http.ResponseWriter, r *http.Request, t mcp.Transport) {
	if _, err := h.server.Connect(r.Context(), t, nil); err != nil {
		rpcutil.Fail(w, err) // want `answers 400 with -32700 \(Parse error\) for an error from \(\*mcp.Server\).Connect`
	}
}

func (h *handler) panics(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("panic: %v", p)
			rpcutil.WriteError(w, http.StatusBadRequest, protocol.CodeParseError, err.Error()) // want `for an error from recover\(\)`
		}
	}()
}

// crossPackage: the error comes from a helper in another package whose
// fact says it comes from a store.
func (h *handler) crossPackage(w http.ResponseWriter, r *http.Request) {
	err := rpcutil.Register(r.Context(), h.store, "id")
	if err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest) // want `answers 400 for an error from rpcutil.Register`
	}
}

// mixed: a local helper returns decode errors and store errors alike.
func (h *handler) mixed(w http.ResponseWriter, r *http.Request) {
	if err := h.readAndStore(r); err != nil {
		rpcutil.WriteError(w, http.StatusBadRequest, -32700, err.Error()) // want `for an error that can come from h.store.Put`
	}
}

func (h *handler) readAndStore(r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return h.store.Put(r.Context(), "id")
}

// sdkObject: a go-sdk error object with the parse code for a store failure.
func (h *handler) sdkObject(ctx context.Context) error {
	if err := h.store.Put(ctx, "id"); err != nil {
		return &jsonrpc.Error{Code: jsonrpc.CodeParseError, Message: err.Error()} // want `answers -32700 \(Parse error\) for an error from h.store.Put`
	}
	return nil
}

// The correct answers: decode failures are -32700.
func (h *handler) decodeOK(w http.ResponseWriter, r *http.Request) {
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		rpcutil.WriteError(w, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	msg, err := rpcutil.ReadMessage(r)
	if err != nil {
		rpcutil.Fail(w, err)
		return
	}
	if _, err := jsonrpc.DecodeMessage([]byte(msg.Method)); err != nil {
		protocol.WriteError(w, nil, protocol.ParseError(err))
		return
	}
	if err := h.store.Put(r.Context(), "id"); err != nil {
		protocol.WriteError(w, nil, protocol.Internal(err))
		return
	}
}

// crossPackageMixed: a helper in another package returns decode errors and
// store errors; one -32700 for both is wrong for the store's.
func (h *handler) crossPackageMixed(w http.ResponseWriter, r *http.Request) {
	if _, err := rpcutil.ReadAndRegister(r, h.store); err != nil {
		rpcutil.Fail(w, err) // want `answers 400 with -32700 \(Parse error\) for an error that can come from rpcutil.ReadAndRegister`
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (h *handler) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", h.crossPackage)
}
