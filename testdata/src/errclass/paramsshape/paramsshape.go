// Package paramsshape: -32700 answered for an error that can come from a
// second decode of params that already parsed as JSON (the wrong shape,
// -32602), whatever function or package the decode is in.
package paramsshape

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"fixtures/errclass/paramsshape/codec"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

type request struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type callParams struct {
	Name string         `json:"name"`
	Args map[string]any `json:"arguments"`
}

func fail(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply{Version: "2.0", Error: &rpcErr{Code: code, Message: text}})
}

type callCtx struct {
	req  request
	call callParams
}

// newCallCtx decodes the bytes, then tools/call's params.
func newCallCtx(data []byte) (*callCtx, error) {
	c := &callCtx{}
	if err := json.Unmarshal(data, &c.req); err != nil {
		return nil, err
	}
	if c.req.Method == "tools/call" {
		if err := json.Unmarshal(c.req.Params, &c.call); err != nil {
			return nil, fmt.Errorf("tools/call params: %w", err)
		}
	}
	return c, nil
}

func serveHelper(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "read failed")
		return
	}
	c, err := newCallCtx(body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) for an error that can come from params of the wrong shape: answer -32602`
		return
	}
	_ = c
}

type server struct {
	// Decode is the codec the server was configured with.
	Decode func([]byte, any) error
}

// parse is a method of the server's doing the same through its codec.
func (s *server) parse(data []byte) (*request, *callParams, error) {
	var req request
	if err := s.Decode(data, &req); err != nil {
		return nil, nil, err
	}
	var p callParams
	if err := s.Decode(req.Params, &p); err != nil {
		return nil, nil, err
	}
	return &req, &p, nil
}

func (s *server) serveMethod(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if _, _, err := s.parse(body); err != nil {
		fail(w, http.StatusBadRequest, -32700, err.Error()) // want `answers -32700 \(Parse error\) for an error that can come from params of the wrong shape`
		return
	}
}

// Through another package's decoder, placed by its fact.
func serveImported(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if _, _, err := codec.Parse(r.Context(), body); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) for an error that can come from params of the wrong shape`
		return
	}
}

// Good: the two decodes are answered apart.
func serveApart(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	var p callParams
	if err := json.Unmarshal(req.Params, &p); err != nil {
		fail(w, http.StatusOK, -32602, "Invalid params")
		return
	}
}

// Good: the params error is answered -32602.
func serveParams(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if _, err := newCallCtx(body); err != nil {
		fail(w, http.StatusOK, -32602, "Invalid params")
		return
	}
}

// decodeRaw decodes bytes it wraps as a RawMessage itself: they are the
// body, not a member of a decoded message.
func decodeRaw(ctx context.Context, body []byte) (*request, error) {
	raw := json.RawMessage(body)
	var req request
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, err
	}
	return &req, nil
}

// Good: -32700 for bytes that are not JSON.
func serveRaw(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if _, err := decodeRaw(r.Context(), body); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
}
