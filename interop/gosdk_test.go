package interop

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goSDKConnect connects go-sdk's client. Asking for 2025-11-25 makes it initialize; by default it
// probes with server/discover and stays at 2026-07-28 when the server answers.
func goSDKConnect(t *testing.T, ctx context.Context, url, era string) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "mcpwire-interop-go-sdk", Version: "1.0.0"}, &mcp.ClientOptions{
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return &mcp.CreateMessageResult{Role: "assistant", Model: "interop", Content: &mcp.TextContent{Text: "Paris"}}, nil
		},
	})
	var opts *mcp.ClientSessionOptions
	if era == legacyVersion {
		opts = &mcp.ClientSessionOptions{ProtocolVersion: legacyVersion}
	}
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, opts)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	return cs
}

func TestGoSDKClient(t *testing.T) {
	url := serverURL(t)
	for _, era := range eras {
		t.Run(era, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cs := goSDKConnect(t, ctx, url, era)
			defer cs.Close()
			if got := cs.InitializeResult().ProtocolVersion; got != era {
				t.Fatalf("negotiated %s, want %s", got, era)
			}
			if id := cs.ID(); (era == legacyVersion) != (id != "") {
				t.Fatalf("session id %q at %s", id, era)
			}
			goSDKExercise(t, ctx, cs)

			if era != legacyVersion {
				return
			}
			// A server-initiated request answered by the client, on the legacy session.
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "test_sampling", Arguments: map[string]any{"prompt": "Capital of France?"}})
			if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != "LLM response: Paris" {
				t.Fatalf("test_sampling: %v %+v", err, res)
			}

			deleteSession(t, cs.ID(), era)
			// go-sdk v1.8.0's client reports a 404 as ErrSessionMissing only when its body is not a
			// JSON-RPC error; the runtime's 404 carries -32001 "Session not found" (docs/protocol.md, "Refusals"), which
			// the client surfaces as that error instead. Either way the caller learns the session is gone.
			_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: toolName})
			var werr *jsonrpc.Error
			if !errors.Is(err, mcp.ErrSessionMissing) && !(errors.As(err, &werr) && werr.Code == protocol.CodeSessionNotFound) {
				t.Fatalf("call after the server closed the session: %v, want the 404's -32001 or mcp.ErrSessionMissing", err)
			}
			again := goSDKConnect(t, ctx, url, era)
			defer again.Close()
			if again.ID() == "" || again.ID() == cs.ID() {
				t.Fatalf("reconnected with session id %q (old %q)", again.ID(), cs.ID())
			}
			goSDKExercise(t, ctx, again)
		})
	}
}

func goSDKExercise(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	if !slices.ContainsFunc(tools.Tools, func(tool *mcp.Tool) bool { return tool.Name == toolName }) {
		t.Fatalf("tools/list lacks %s", toolName)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: toolName})
	if err != nil || len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != toolText {
		t.Fatalf("tools/call: %v %+v", err, res)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: resourceURI})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].Text != resourceText {
		t.Fatalf("resources/read: %v %+v", err, rr)
	}
	pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: promptName})
	if err != nil || len(pr.Messages) != 1 || pr.Messages[0].Content.(*mcp.TextContent).Text != promptText {
		t.Fatalf("prompts/get: %v %+v", err, pr)
	}
}
