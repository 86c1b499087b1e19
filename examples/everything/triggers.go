package main

import (
	"context"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The 2026-07-28 subscription checks open a subscriptions/listen stream, then call
// test_trigger_tool_change (or _prompt_change) in a separate HTTP request and expect
// notifications/tools/list_changed on the stream. Nothing says both requests reach the same
// *mcp.Server: a handler may build one per request. So a trigger changes the list of every server
// NewServer built that is still alive, as a deployment whose catalogue changed would. The registry
// holds weak pointers, so it never keeps a finished request's server alive.
var live struct {
	sync.Mutex
	servers []weak.Pointer[mcp.Server]
}

// trackForListChanges registers s with the triggers, dropping servers already collected.
func trackForListChanges(s *mcp.Server) {
	live.Lock()
	defer live.Unlock()
	kept := live.servers[:0]
	for _, p := range live.servers {
		if p.Value() != nil {
			kept = append(kept, p)
		}
	}
	live.servers = append(kept, weak.Make(s))
}

func eachLiveServer(f func(*mcp.Server)) {
	live.Lock()
	servers := make([]*mcp.Server, 0, len(live.servers))
	for _, p := range live.servers {
		if s := p.Value(); s != nil {
			servers = append(servers, s)
		}
	}
	live.Unlock()
	for _, s := range servers { // outside the lock: AddTool notifies sessions synchronously
		f(s)
	}
}

// triggerToolChange (re-)adds a transient tool; every AddTool notifies tools/list_changed, even when it
// replaces a tool of the same name, so repeated calls keep working.
func triggerToolChange(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
	eachLiveServer(func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "__transient_tool_for_list_changed", Description: "Exists to change the tool list"},
			func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{}, nil, nil
			})
	})
	return textResult("tools_list_changed published"), nil, nil
}

func triggerPromptChange(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
	eachLiveServer(func(s *mcp.Server) {
		s.AddPrompt(&mcp.Prompt{Name: "__transient_prompt_for_list_changed", Description: "Exists to change the prompt list"},
			func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return &mcp.GetPromptResult{}, nil
			})
	})
	return textResult("prompts_list_changed published"), nil, nil
}
