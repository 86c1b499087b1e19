package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Multi-round-trip tools (SEP-2322, 2026-07-28): instead of sending the client a request, a tool
// answers with input requests and the client retries the call carrying the responses (and any
// requestState). The server keeps nothing between rounds; everything it needs travels in the call.

func registerInputRequiredTools(s *mcp.Server) {
	tool := func(name, description string, h mcp.ToolHandlerFor[any, any]) {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: "MRTR (SEP-2322): " + description}, h)
	}
	tool("test_input_required_result_elicitation", "asks for the caller name via an in-band elicitation", irElicitation)
	tool("test_input_required_result_sampling", "asks for an LLM completion via an in-band sampling request", irSampling)
	tool("test_input_required_result_list_roots", "asks for the client roots via an in-band roots/list", irListRoots)
	tool("test_input_required_result_request_state", "round-trips requestState beside an elicitation", irRequestState)
	tool("test_input_required_result_multiple_inputs", "asks for elicitation, sampling and roots in one round", irMultipleInputs)
	tool("test_input_required_result_multi_round", "two elicitation rounds with evolving requestState", irMultiRound)
	tool("test_input_required_result_tampered_state", "rejects a retry whose requestState was altered", irTamperedState)
	tool("test_input_required_result_capabilities", "only asks for inputs the declared client capabilities cover", irCapabilities)
}

// tamperedSuffix is what the tampered-state scenario appends to the requestState it was given.
// Recognising it is enough for the fixture; a real server would seal the state (HMAC or AEAD).
const tamperedSuffix = "-TAMPERED"

func stateValid(state string) bool { return state != "" && !strings.HasSuffix(state, tamperedSuffix) }

func askName() *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: "What is your name?",
		RequestedSchema: objectSchema(map[string]any{"name": map[string]any{"type": "string"}}, "name")}
}

func askConfirm() *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: "Please confirm",
		RequestedSchema: objectSchema(map[string]any{"ok": map[string]any{"type": "boolean"}}, "ok")}
}

func askSampling(prompt string, maxTokens int64) *mcp.CreateMessageParams {
	return &mcp.CreateMessageParams{MaxTokens: maxTokens,
		Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}}}
}

func inputRequired(state string, requests mcp.InputRequestMap) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: requests, RequestState: state}
}

// accepted returns the content of the elicitation answered under key, or nil unless it was accepted.
func accepted(responses mcp.InputResponseMap, key string) map[string]any {
	if r, ok := responses[key].(*mcp.ElicitResult); ok && r != nil && r.Action == "accept" {
		return r.Content
	}
	return nil
}

// sampled returns the first text of the sampling response under key. go-sdk decodes responses with a
// role into CreateMessageWithToolsResult.
func sampled(responses mcp.InputResponseMap, key string) (string, bool) {
	r, ok := responses[key].(*mcp.CreateMessageWithToolsResult)
	if !ok || r == nil {
		return "", false
	}
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			return tc.Text, true
		}
	}
	return "(non-text response)", true
}

func irElicitation(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if name, _ := accepted(req.Params.InputResponses, "user_name")["name"].(string); name != "" {
		return textResult(fmt.Sprintf("Hello, %s!", name)), nil, nil
	}
	return inputRequired("", mcp.InputRequestMap{"user_name": askName()}), nil, nil
}

func irSampling(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if text, ok := sampled(req.Params.InputResponses, "capital_question"); ok {
		return textResult("Sampling response: " + text), nil, nil
	}
	return inputRequired("", mcp.InputRequestMap{"capital_question": askSampling("What is the capital of France?", 100)}), nil, nil
}

func irListRoots(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if r, ok := req.Params.InputResponses["client_roots"].(*mcp.ListRootsResult); ok && r != nil {
		uris := make([]string, 0, len(r.Roots))
		for _, root := range r.Roots {
			uris = append(uris, root.URI)
		}
		return textResult(fmt.Sprintf("Client exposed %d root(s): %s", len(r.Roots), strings.Join(uris, ", "))), nil, nil
	}
	return inputRequired("", mcp.InputRequestMap{"client_roots": &mcp.ListRootsParams{}}), nil, nil
}

func irRequestState(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if accepted(req.Params.InputResponses, "confirm") != nil {
		if !stateValid(req.Params.RequestState) {
			return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid requestState"}
		}
		return textResult("state-ok: requestState received and confirmation accepted"), nil, nil
	}
	return inputRequired("request_state", mcp.InputRequestMap{"confirm": askConfirm()}), nil, nil
}

func irMultipleInputs(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	in := req.Params.InputResponses
	name, _ := accepted(in, "user_name")["name"].(string)
	greeting, greeted := sampled(in, "greeting")
	roots, rooted := in["client_roots"].(*mcp.ListRootsResult)
	if name != "" && greeted && rooted && roots != nil {
		return textResult(fmt.Sprintf("%s %s — %d root(s) visible", greeting, name, len(roots.Roots))), nil, nil
	}
	return inputRequired("multiple_inputs", mcp.InputRequestMap{
		"user_name":    askName(),
		"greeting":     askSampling("Generate a greeting", 50),
		"client_roots": &mcp.ListRootsParams{},
	}), nil, nil
}

// irMultiRound keeps the round and the name from round one in requestState ("round=1",
// "round=2;name=NAME"): a stateless server has nowhere else to keep them.
func irMultiRound(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state, in := req.Params.RequestState, req.Params.InputResponses
	switch {
	case state == "":
		return inputRequired("round=1", mcp.InputRequestMap{"step1": &mcp.ElicitParams{
			Message: "Step 1: What is your name?", RequestedSchema: askName().RequestedSchema}}), nil, nil
	case state == "round=1":
		name, _ := accepted(in, "step1")["name"].(string)
		if name == "" {
			name = "unknown"
		}
		return inputRequired("round=2;name="+name, mcp.InputRequestMap{"step2": &mcp.ElicitParams{
			Message:         "Step 2: What is your favorite color?",
			RequestedSchema: objectSchema(map[string]any{"color": map[string]any{"type": "string"}}, "color")}}), nil, nil
	default:
		color, _ := accepted(in, "step2")["color"].(string)
		if color == "" {
			color = "unknown"
		}
		return textResult(fmt.Sprintf("Multi-round complete: %s likes %s", strings.TrimPrefix(state, "round=2;name="), color)), nil, nil
	}
}

func irTamperedState(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if state := req.Params.RequestState; state != "" {
		if !stateValid(state) {
			return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid requestState: tampered"}
		}
		if accepted(req.Params.InputResponses, "confirm") != nil {
			return textResult("state-ok: requestState received and confirmation accepted"), nil, nil
		}
	}
	return inputRequired("tampered_state", mcp.InputRequestMap{"confirm": askConfirm()}), nil, nil
}

// irCapabilities reads the capabilities the request declared in its _meta and asks only for what they
// cover.
func irCapabilities(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return textResult("Capability-aware input requests fulfilled"), nil, nil
	}
	caps := req.ClientCapabilities()
	asks := mcp.InputRequestMap{}
	if caps != nil && caps.Elicitation != nil {
		asks["user_name"] = askName()
	}
	if caps != nil && caps.Sampling != nil {
		asks["greeting"] = askSampling("Generate a short greeting", 50)
	}
	if caps != nil && (caps.RootsV2 != nil || caps.Roots.ListChanged) {
		asks["client_roots"] = &mcp.ListRootsParams{}
	}
	if len(asks) == 0 {
		return textResult("No declared client capability supports an in-band input request"), nil, nil
	}
	return inputRequired("", asks), nil, nil
}

// inputRequiredPrompt is the prompts/get counterpart: it elicits context, then answers on the retry.
func inputRequiredPrompt(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if c := accepted(req.Params.InputResponses, "user_context"); c != nil {
		ctx, _ := c["context"].(string)
		return userPrompt("A prompt with elicited context", &mcp.TextContent{Text: "Context: " + ctx}), nil
	}
	return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"user_context": &mcp.ElicitParams{
		Message:         "Please provide context for the prompt",
		RequestedSchema: objectSchema(map[string]any{"context": map[string]any{"type": "string"}}, "context"),
	}}}, nil
}
