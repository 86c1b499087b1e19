package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// registerTools adds the tools the 2025 scenarios and the 2026-07-28 server-stateless scenario call.
// The input-required (SEP-2322) tools are in tools_input_required.go.
func registerTools(s *mcp.Server) {
	text := func(name, description, reply string) {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: description}, func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
			return textResult(reply), nil, nil
		})
	}
	text("test_simple_text", "Returns a simple text content", "This is a simple text response for testing.")
	// A plain result trivially satisfies SEP-2575's "response streams carry no independent requests";
	// the scenario declares no elicitation capability, so the tool must not elicit.
	text("test_streaming_elicitation", "Answers with result frames only, never an independent request (SEP-2575)",
		"stream observed: result frames only, no top-level requests")

	mcp.AddTool(s, &mcp.Tool{Name: "test_image_content", Description: "Returns image content"}, content(
		&mcp.ImageContent{Data: png, MIMEType: "image/png"}))
	mcp.AddTool(s, &mcp.Tool{Name: "test_audio_content", Description: "Returns audio content"}, content(
		&mcp.AudioContent{Data: wav, MIMEType: "audio/wav"}))
	mcp.AddTool(s, &mcp.Tool{Name: "test_embedded_resource", Description: "Returns an embedded resource"}, content(
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource"}}))
	mcp.AddTool(s, &mcp.Tool{Name: "test_multiple_content_types", Description: "Returns text, image and an embedded resource"}, content(
		&mcp.TextContent{Text: "This is text content"},
		&mcp.ImageContent{Data: png, MIMEType: "image/png"},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "test://embedded-in-multiple", MIMEType: "text/plain", Text: "This is an embedded resource"}}))

	mcp.AddTool(s, &mcp.Tool{Name: "test_tool_with_logging", Description: "Emits three log messages while it runs"}, toolWithLogging)
	mcp.AddTool(s, &mcp.Tool{Name: "test_logging_tool", Description: "Tries to log; dropped unless the request set _meta logLevel (SEP-2575)"}, loggingTool)
	mcp.AddTool(s, &mcp.Tool{Name: "test_tool_with_progress", Description: "Reports progress 0, 50, 100 of 100"}, toolWithProgress)
	mcp.AddTool(s, &mcp.Tool{Name: "test_error_handling", Description: "Always fails with a tool error"}, func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("this tool intentionally returns an error for testing")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "test_sampling", Description: "Asks the client's LLM to complete a prompt"}, sampling)
	mcp.AddTool(s, &mcp.Tool{Name: "test_elicitation", Description: "Asks the user for a username"}, elicit(func(in elicitationInput) (string, any) {
		return in.Message, objectSchema(map[string]any{"username": map[string]any{"type": "string", "description": "Your preferred username"}}, "username")
	}))
	mcp.AddTool(s, &mcp.Tool{Name: "test_elicitation_sep1034_defaults", Description: "Elicits primitives with default values (SEP-1034)"}, elicit(func(elicitationInput) (string, any) {
		return "Test defaults for primitives", defaultsSchema
	}))
	mcp.AddTool(s, &mcp.Tool{Name: "test_elicitation_sep1330_enums", Description: "Elicits every enum form (SEP-1330)"}, elicit(func(elicitationInput) (string, any) {
		return "Test enum schemas", enumsSchema
	}))
	mcp.AddTool(s, &mcp.Tool{Name: "json_schema_2020_12_tool", Description: "Input schema using JSON Schema 2020-12 features (SEP-1613, SEP-2106)",
		InputSchema: json.RawMessage(schema202012)}, func(_ context.Context, _ *mcp.CallToolRequest, in json.RawMessage) (*mcp.CallToolResult, any, error) {
		return textResult(fmt.Sprintf("JSON Schema 2020-12 tool called with: %s", in)), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "test_reconnection", Description: "Closes the SSE stream mid-call so the client resumes (SEP-1699)"}, reconnection)
	mcp.AddTool(s, &mcp.Tool{Name: "test_x_mcp_header", Description: "Argument mirrored into Mcp-Param-Region (SEP-2243)",
		InputSchema: json.RawMessage(`{"type":"object","properties":{
			"region":{"type":"string","description":"mirrored into Mcp-Param-Region","x-mcp-header":"Region"},
			"level":{"type":"integer","description":"not mirrored"}}}`)}, func(_ context.Context, _ *mcp.CallToolRequest, in struct {
		Region string `json:"region,omitempty"`
		Level  int    `json:"level,omitempty"`
	}) (*mcp.CallToolResult, any, error) {
		return textResult("region=" + in.Region), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "test_missing_capability", Description: "Needs the sampling client capability; refuses with -32021 without it (SEP-2575)"}, missingCapability)
	mcp.AddTool(s, &mcp.Tool{Name: "test_trigger_tool_change", Description: "Changes the tool list so listeners get tools/list_changed (SEP-2575)"}, triggerToolChange)
	mcp.AddTool(s, &mcp.Tool{Name: "test_trigger_prompt_change", Description: "Changes the prompt list so listeners get prompts/list_changed (SEP-2575)"}, triggerPromptChange)
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// content returns a tool handler that always answers with the given content.
func content(c ...mcp.Content) mcp.ToolHandlerFor[any, any] {
	return func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: c}, nil, nil
	}
}

func toolWithLogging(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	for i, msg := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
		if i > 0 {
			time.Sleep(50 * time.Millisecond) // the scenario checks the messages arrive in order, spread out
		}
		if err := req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: msg}); err != nil {
			return nil, nil, err
		}
	}
	return textResult("Tool with logging executed successfully"), nil, nil
}

// loggingTool relies on go-sdk dropping the message when a 2026-07-28 request carried no
// _meta logLevel: the scenario fails if a notifications/message arrives.
func loggingTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	_ = req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: "test_logging_tool executed"})
	return textResult("Log attempted; framework gates on _meta logLevel."), nil, nil
}

func toolWithProgress(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	token := req.Params.GetProgressToken()
	for _, p := range []float64{0, 50, 100} {
		if token != nil {
			if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: token, Progress: p, Total: 100, Message: fmt.Sprintf("Completed step %.0f of 100", p),
			}); err != nil {
				return nil, nil, err
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return textResult(fmt.Sprint(token)), nil, nil // the scenario expects the token echoed
}

type samplingInput struct {
	Prompt string `json:"prompt" jsonschema:"the prompt to send to the LLM"`
}

func sampling(ctx context.Context, req *mcp.CallToolRequest, in samplingInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: in.Prompt}}},
		MaxTokens: 100,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("sampling failed: %w", err)
	}
	reply := "(non-text response)"
	if tc, ok := res.Content.(*mcp.TextContent); ok {
		reply = tc.Text
	}
	return textResult("LLM response: " + reply), nil, nil
}

type elicitationInput struct {
	Message string `json:"message,omitempty" jsonschema:"the message to show the user"`
}

// elicit returns a tool handler that elicits with the message and schema ask derives from the input.
func elicit(ask func(elicitationInput) (message string, schema any)) mcp.ToolHandlerFor[elicitationInput, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in elicitationInput) (*mcp.CallToolResult, any, error) {
		msg, schema := ask(in)
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema})
		if err != nil {
			return nil, nil, fmt.Errorf("elicitation failed: %w", err)
		}
		return textResult(fmt.Sprintf("Elicitation result: action=%s, content=%v", res.Action, res.Content)), nil, nil
	}
}

// reconnection closes the request's SSE stream when the transport offers it (go-sdk's own transport
// does; SEP-1699), then answers after the client had time to resume with Last-Event-ID.
func reconnection(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Extra != nil && req.Extra.CloseSSEStream != nil {
		req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 10 * time.Millisecond})
	}
	time.Sleep(100 * time.Millisecond)
	return textResult("Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure."), nil, nil
}

// missingCapability refuses with MissingRequiredClientCapabilityError (-32021) naming sampling in
// data.requiredCapabilities as a ClientCapabilities object, unless the client declared sampling.
func missingCapability(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps != nil && caps.Sampling != nil {
		return textResult("Client declared the sampling capability; tool executed."), nil, nil
	}
	data, err := json.Marshal(mcp.MissingRequiredClientCapabilityData{
		RequiredCapabilities: &mcp.ClientCapabilities{Sampling: &mcp.SamplingCapabilities{}},
	})
	if err != nil {
		return nil, nil, err
	}
	return nil, nil, &jsonrpc.Error{
		Code:    mcp.CodeMissingRequiredClientCapabilities,
		Message: "sampling capability required but not declared by client",
		Data:    data,
	}
}
