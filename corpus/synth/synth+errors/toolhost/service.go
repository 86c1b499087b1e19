package toolhost

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"example.com/synth/errors/internal/rpcerr"
)

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type CallResult struct {
	Content []content `json:"content"`
	IsError bool      `json:"isError,omitempty"`
}

// Service runs tools that live behind plain HTTP endpoints.
type Service struct {
	store  ToolStore
	client *http.Client
	now    func() time.Time
}

func NewService(store ToolStore, client *http.Client) *Service {
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	return &Service{store: store, client: client, now: time.Now}
}

func (s *Service) Call(ctx context.Context, raw json.RawMessage) (*CallResult, error) {
	var p callParams
	if err := json.Unmarshal(raw, &p); err != nil || p.Name == "" {
		return nil, rpcerr.InvalidParams("tools/call needs a name")
	}
	tool, err := s.store.Tool(ctx, p.Name)
	if errors.Is(err, ErrNoTool) {
		return nil, rpcerr.NotFound("tool " + p.Name)
	}
	if err != nil {
		return nil, rpcerr.InvalidParams(fmt.Sprintf("tool %q: %v", p.Name, err))
	}
	runID, err := uuid.NewRandom()
	if err != nil {
		return nil, rpcerr.Internal(fmt.Errorf("run id: %w", err))
	}

	started := s.now()
	text, callErr := s.invoke(ctx, tool, p.Arguments)
	run := Run{ID: runID, Tool: tool.Name, Started: started, Duration: s.now().Sub(started), Failed: callErr != nil}
	if err := s.store.RecordRun(ctx, run); err != nil {
		return nil, rpcerr.Parse("could not record tool run")
	}

	// A failing tool is a result the model should see, not a protocol error.
	if callErr != nil {
		return &CallResult{Content: []content{{Type: "text", Text: callErr.Error()}}, IsError: true}, nil
	}
	return &CallResult{Content: []content{{Type: "text", Text: text}}}, nil
}

func (s *Service) invoke(ctx context.Context, tool *ToolDef, args json.RawMessage) (string, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tool.Endpoint, bytes.NewReader(args))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", err
	}
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("%s answered %d: %s", tool.Name, resp.StatusCode, bytes.TrimSpace(b))
	}
	return string(b), nil
}

type listedTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

func (s *Service) List(ctx context.Context) ([]listedTool, error) {
	defs, err := s.store.List(ctx)
	if err != nil {
		return nil, rpcerr.Internal(err)
	}
	out := make([]listedTool, 0, len(defs))
	for _, d := range defs {
		out = append(out, listedTool{Name: d.Name, Description: d.Description, InputSchema: d.Schema})
	}
	return out, nil
}
