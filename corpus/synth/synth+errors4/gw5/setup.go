package gw5

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServer builds the currency-conversion MCP server served by Handler.
func NewServer(rates map[string]float64) *server.MCPServer {
	s := server.NewMCPServer("fx", "0.5.2",
		server.WithToolCapabilities(false),
		server.WithRecovery(),
	)
	s.AddTool(mcp.NewTool("convert",
		mcp.WithDescription("Convert an amount between currencies"),
		mcp.WithNumber("amount", mcp.Required()),
		mcp.WithString("from", mcp.Required()),
		mcp.WithString("to", mcp.Required()),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		amount := req.GetFloat("amount", 0)
		from := strings.ToUpper(req.GetString("from", ""))
		to := strings.ToUpper(req.GetString("to", ""))
		rf, ok1 := rates[from]
		rt, ok2 := rates[to]
		if !ok1 || !ok2 {
			return mcp.NewToolResultError(fmt.Sprintf("unknown currency pair %s/%s", from, to)), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("%.2f %s", amount/rf*rt, to)), nil
	})
	return s
}

// ListenAndServe wires Handler into an http.Server with sane timeouts.
func ListenAndServe(addr string, rates map[string]float64) error {
	h := &Handler{
		MCP:     NewServer(rates),
		Logger:  slog.New(slog.NewJSONHandler(os.Stderr, nil)),
		MaxBody: 1 << 20,
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	srv := &http.Server{
		Addr:              addr,
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	return srv.ListenAndServe()
}
