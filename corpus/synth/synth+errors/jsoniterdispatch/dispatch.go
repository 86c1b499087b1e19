// Package jsoniterdispatch is a table-driven JSON-RPC dispatcher for a
// metrics-query MCP server.
package jsoniterdispatch

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"time"

	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type call struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id"`
	Method  string              `json:"method"`
	Params  jsoniter.RawMessage `json:"params"`
}

type handlerFn func(ctx context.Context, params jsoniter.RawMessage) (any, *rpcError)

// Querier runs PromQL-like queries against the metrics backend.
type Querier interface {
	Query(ctx context.Context, expr string, at time.Time) ([]Sample, error)
}

type Sample struct {
	Labels map[string]string `json:"labels"`
	Value  float64           `json:"value"`
}

type Dispatcher struct {
	table map[string]handlerFn
	q     Querier
}

func New(q Querier) *Dispatcher {
	d := &Dispatcher{q: q}
	d.table = map[string]handlerFn{
		"ping":       func(context.Context, jsoniter.RawMessage) (any, *rpcError) { return struct{}{}, nil },
		"tools/list": d.listTools,
		"tools/call": d.callTool,
	}
	return d
}

func reply(w http.ResponseWriter, id jsoniter.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = jsoniter.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatus(code))
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": rpcError{Code: code, Message: msg}})
}

func newTraceID() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

func (d *Dispatcher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		reply(w, nil, -32600, "unreadable body")
		return
	}
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		reply(w, nil, -32700, "Parse error")
		return
	}
	var c call
	if err := json.Unmarshal(body, &c); err != nil || c.JSONRPC != "2.0" || c.Method == "" {
		reply(w, nil, -32600, "Invalid Request")
		return
	}
	trace, err := newTraceID()
	if err != nil {
		reply(w, c.ID, -32600, "could not assign trace id")
		return
	}
	w.Header().Set("X-Trace-Id", trace)

	fn, ok := d.table[c.Method]
	if !ok {
		reply(w, c.ID, -32601, "Method not found")
		return
	}
	result, rerr := fn(r.Context(), c.Params)
	if rerr != nil {
		reply(w, c.ID, rerr.Code, rerr.Message)
		return
	}
	out, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": result})
	if err != nil {
		reply(w, c.ID, -32603, "Internal error")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

func (d *Dispatcher) listTools(context.Context, jsoniter.RawMessage) (any, *rpcError) {
	return map[string]any{"tools": []map[string]any{{
		"name":        "query",
		"description": "Evaluate an instant query",
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"expr": map[string]string{"type": "string"}}},
	}}}, nil
}

func (d *Dispatcher) callTool(ctx context.Context, params jsoniter.RawMessage) (any, *rpcError) {
	var p struct {
		Name      string `json:"name"`
		Arguments struct {
			Expr string `json:"expr"`
			At   int64  `json:"at"`
		} `json:"arguments"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, &rpcError{Code: -32602, Message: "Invalid params"}
	}
	if p.Name != "query" || p.Arguments.Expr == "" {
		return nil, &rpcError{Code: -32602, Message: "query needs arguments.expr"}
	}
	at := time.Now()
	if p.Arguments.At > 0 {
		at = time.Unix(p.Arguments.At, 0)
	}
	samples, err := d.q.Query(ctx, p.Arguments.Expr, at)
	if err != nil {
		return map[string]any{"content": []map[string]string{{"type": "text", "text": err.Error()}}, "isError": true}, nil
	}
	text, _ := json.MarshalToString(samples)
	return map[string]any{"content": []map[string]string{{"type": "text", "text": text}}}, nil
}
