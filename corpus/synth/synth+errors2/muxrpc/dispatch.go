package muxrpc

import (
	"context"
	"errors"
	"log"

	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

type Request struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id,omitempty"`
	Method  string              `json:"method"`
	Params  jsoniter.RawMessage `json:"params,omitempty"`
}

type MethodFunc func(ctx context.Context, params jsoniter.RawMessage) (any, *Error)

type ToolFunc func(ctx context.Context, args map[string]any) (string, error)

// Dispatcher routes a decoded request to its method.
type Dispatcher struct {
	methods map[string]MethodFunc
	repo    ResourceRepo
	tools   map[string]ToolFunc
}

func NewDispatcher(repo ResourceRepo, tools map[string]ToolFunc) *Dispatcher {
	d := &Dispatcher{methods: map[string]MethodFunc{}, repo: repo, tools: tools}
	d.methods["resources/read"] = d.readResource
	d.methods["tools/call"] = d.callTool
	d.methods["ping"] = func(context.Context, jsoniter.RawMessage) (any, *Error) { return struct{}{}, nil }
	return d
}

func (d *Dispatcher) Lookup(method string) (MethodFunc, bool) {
	m, ok := d.methods[method]
	return m, ok
}

func (d *Dispatcher) readResource(ctx context.Context, raw jsoniter.RawMessage) (any, *Error) {
	var p struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(raw, &p); err != nil || p.URI == "" {
		return nil, NewError(InvalidParams, "Invalid params: uri is required")
	}
	res, err := d.repo.Get(ctx, p.URI)
	if errors.Is(err, errNoResource) {
		return nil, &Error{Code: ResourceNotFound, Message: "Resource not found", Data: map[string]string{"uri": p.URI}}
	}
	if err != nil {
		log.Printf("muxrpc: read %s: %v", p.URI, err)
		return nil, NewError(ParseError, "could not load resource %s", p.URI)
	}
	return map[string]any{"contents": []*Resource{res}}, nil
}

func (d *Dispatcher) callTool(ctx context.Context, raw jsoniter.RawMessage) (any, *Error) {
	var p struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, NewError(InvalidParams, "Invalid params: %v", err)
	}
	fn, ok := d.tools[p.Name]
	if !ok {
		return nil, NewError(InvalidParams, "Unknown tool: %s", p.Name)
	}
	out, err := fn(ctx, p.Arguments)
	if err != nil {
		return nil, NewError(InternalError, "tool %s failed: %v", p.Name, err)
	}
	return map[string]any{"content": []map[string]string{{"type": "text", "text": out}}}, nil
}
