package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func registerResources(s *mcp.Server) {
	s.AddResource(&mcp.Resource{Name: "static-text", Description: "A static text resource",
		MIMEType: "text/plain", URI: "test://static-text"}, textResource("This is the content of the static text resource."))
	s.AddResource(&mcp.Resource{Name: "static-binary", Description: "A static binary resource (a PNG image)",
		MIMEType: "image/png", URI: "test://static-binary"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "image/png", Blob: png}}}, nil
	})
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "template", Description: "A template with one parameter",
		MIMEType: "application/json", URITemplate: "test://template/{id}/data"}, templateResource)
	// The subscribe scenarios only subscribe and unsubscribe; nothing here changes the resource, so no
	// background updater (which would outlive the per-session server) is needed.
	s.AddResource(&mcp.Resource{Name: "watched-resource", Description: "A resource clients subscribe to",
		MIMEType: "text/plain", URI: "test://watched-resource"}, textResource("Watched resource content"))
}

func textResource(text string) mcp.ResourceHandler {
	return func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: text}}}, nil
	}
}

// templateResource answers test://template/{id}/data with the id substituted; go-sdk has already
// matched the URI against the template, so cutting the fixed prefix and suffix yields the id.
func templateResource(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id := strings.TrimSuffix(strings.TrimPrefix(uri, "test://template/"), "/data")
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI: uri, MIMEType: "application/json",
		Text: fmt.Sprintf(`{"id": %q, "templateTest": true, "data": "Data for ID: %s"}`, id, id),
	}}}, nil
}
