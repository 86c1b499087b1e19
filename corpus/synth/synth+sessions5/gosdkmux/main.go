// Command gosdkmux serves a go-sdk MCP server through a hand-rolled session
// map so sessions can be listed and evicted from the admin API.
package main

import (
	"context"
	"log"
	"net/http"

	"github.com/gorilla/mux"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoArgs struct {
	Text string `json:"text" jsonschema:"text to echo back"`
}

func newMCPServer() *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "gosdkmux", Version: "0.5.0"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "echo", Description: "echo the input"},
		func(ctx context.Context, req *mcp.CallToolRequest, in echoArgs) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	return srv
}

func main() {
	h := newHub(newMCPServer())

	r := mux.NewRouter()
	r.HandleFunc("/mcp", h.handlePost).Methods(http.MethodPost)
	r.HandleFunc("/mcp", h.handleGet).Methods(http.MethodGet)
	r.HandleFunc("/mcp", h.handleDelete).Methods(http.MethodDelete)
	r.HandleFunc("/admin/sessions", h.list).Methods(http.MethodGet)

	log.Println("listening on :8765")
	log.Fatal(http.ListenAndServe(":8765", r))
}
