// Command statelessgw serves several tool catalogs statelessly: every POST
// is answered by a fresh go-sdk server session, so any replica can take any
// request and no session table is kept.
package main

import (
	"context"
	"log"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type catalog struct {
	name   string
	server *mcp.Server
}

func newCatalog(name string) *catalog {
	s := mcp.NewServer(&mcp.Implementation{Name: "statelessgw-" + name, Version: "2.0.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: name + "_status", Description: "report catalog status"},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: name + " ok"}}}, nil, nil
		})
	return &catalog{name: name, server: s}
}

func main() {
	gw := &gateway{catalogs: map[string]*catalog{}}
	for _, n := range []string{"billing", "search", "ops"} {
		gw.catalogs[n] = newCatalog(n)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/mcp/{catalog}", gw.serve)
	srv := &http.Server{Addr: ":8600", Handler: mux, ReadTimeout: 30 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
