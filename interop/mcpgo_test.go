package interop

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// mcpGoConnect connects mark3labs/mcp-go's client. Pinning 2025-11-25 makes it initialize; with no
// version it probes with server/discover and stays on 2026-07-28 when the server answers.
func mcpGoConnect(t *testing.T, ctx context.Context, url, era string) (*mcpgo.Client, *transport.StreamableHTTP) {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url)
	if err != nil {
		t.Fatal(err)
	}
	c := mcpgo.NewClient(tr)
	if err := c.Start(ctx); err != nil {
		t.Fatalf("start: %v", err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ClientInfo = mcp.Implementation{Name: "mcpwire-interop-mcp-go", Version: "1.0.0"}
	if era == legacyVersion {
		req.Params.ProtocolVersion = legacyVersion
	}
	if _, err := c.Initialize(ctx, req); err != nil {
		c.Close()
		t.Fatalf("initialize: %v", err)
	}
	return c, tr
}

func TestMCPGoClient(t *testing.T) {
	url := serverURL(t)
	for _, era := range eras {
		t.Run(era, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c, tr := mcpGoConnect(t, ctx, url, era)
			defer c.Close()
			if got := c.ProtocolVersion(); got != era {
				t.Fatalf("negotiated %s, want %s", got, era)
			}
			if id := tr.GetSessionId(); (era == legacyVersion) != (id != "") {
				t.Fatalf("session id %q at %s", id, era)
			}
			mcpGoExercise(t, ctx, c)
			if era != legacyVersion {
				return
			}

			old := tr.GetSessionId()
			deleteSession(t, old, era)
			if _, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: toolName}}); !errors.Is(err, transport.ErrSessionTerminated) {
				t.Fatalf("call after the server closed the session: %v, want transport.ErrSessionTerminated (the 404)", err)
			}
			again, tr2 := mcpGoConnect(t, ctx, url, era)
			defer again.Close()
			if id := tr2.GetSessionId(); id == "" || id == old {
				t.Fatalf("reconnected with session id %q (old %q)", id, old)
			}
			mcpGoExercise(t, ctx, again)
		})
	}
}

func mcpGoExercise(t *testing.T, ctx context.Context, c *mcpgo.Client) {
	t.Helper()
	tools, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	if !slices.ContainsFunc(tools.Tools, func(tool mcp.Tool) bool { return tool.Name == toolName }) {
		t.Fatalf("tools/list lacks %s", toolName)
	}
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: toolName}})
	if err != nil || len(res.Content) != 1 || mcp.GetTextFromContent(res.Content[0]) != toolText {
		t.Fatalf("tools/call: %v %+v", err, res)
	}
	rr, err := c.ReadResource(ctx, mcp.ReadResourceRequest{Params: mcp.ReadResourceParams{URI: resourceURI}})
	if err != nil || len(rr.Contents) != 1 {
		t.Fatalf("resources/read: %v %+v", err, rr)
	}
	if text, ok := rr.Contents[0].(mcp.TextResourceContents); !ok || text.Text != resourceText {
		t.Fatalf("resources/read: %+v", rr.Contents[0])
	}
	pr, err := c.GetPrompt(ctx, mcp.GetPromptRequest{Params: mcp.GetPromptParams{Name: promptName}})
	if err != nil || len(pr.Messages) != 1 || mcp.GetTextFromContent(pr.Messages[0].Content) != promptText {
		t.Fatalf("prompts/get: %v %+v", err, pr)
	}
}
