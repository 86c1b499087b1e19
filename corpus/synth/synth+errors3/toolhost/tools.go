package toolhost

import (
	"context"
	"encoding/json"
	"errors"
)

var ErrUnknownTool = errors.New("unknown tool")

type Tool struct {
	Name        string                                                          `json:"name"`
	Description string                                                          `json:"description"`
	InputSchema json.RawMessage                                                 `json:"inputSchema"`
	Run         func(ctx context.Context, args json.RawMessage) (string, error) `json:"-"`
}

type Registry struct {
	tools map[string]Tool
	order []string
}

func NewRegistry() *Registry { return &Registry{tools: map[string]Tool{}} }

func (r *Registry) Add(t Tool) {
	if _, ok := r.tools[t.Name]; !ok {
		r.order = append(r.order, t.Name)
	}
	r.tools[t.Name] = t
}

func (r *Registry) Call(ctx context.Context, name string, args json.RawMessage) (string, error) {
	t, ok := r.tools[name]
	if !ok {
		return "", ErrUnknownTool
	}
	return t.Run(ctx, args)
}

func (r *Registry) List() []Tool {
	out := make([]Tool, 0, len(r.order))
	for _, n := range r.order {
		out = append(out, r.tools[n])
	}
	return out
}
