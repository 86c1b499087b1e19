// Command tinymcp is the smallest useful go-sdk deployment we run: stateless,
// JSON over Streamable HTTP, one session per request.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var addr = flag.String("addr", "127.0.0.1:8123", "listen address")

type sumIn struct {
	A int `json:"a"`
	B int `json:"b"`
}

type sumOut struct {
	Sum int `json:"sum"`
}

func build() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "tinymcp", Version: "0.0.3"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "sum", Description: "add two integers"},
		func(_ context.Context, _ *mcp.CallToolRequest, in sumIn) (*mcp.CallToolResult, sumOut, error) {
			return nil, sumOut{Sum: in.A + in.B}, nil
		})
	return s
}

func main() {
	flag.Parse()
	srv := build()
	http.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		t := &mcp.StreamableServerTransport{Stateless: true}
		ss, err := srv.Connect(r.Context(), t, &mcp.ServerSessionOptions{
			State: &mcp.ServerSessionState{
				InitializeParams:          &mcp.InitializeParams{ProtocolVersion: "2025-06-18"},
				NegotiatedProtocolVersion: "2025-06-18",
			},
		})
		if err != nil {
			http.Error(w, "connect failed", http.StatusInternalServerError)
			return
		}
		defer ss.Close()
		t.ServeHTTP(w, r)
	})
	log.Printf("tinymcp on %s", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}
