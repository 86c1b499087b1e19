package main

import (
	"encoding/json"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type gateway struct {
	catalogs map[string]*catalog
}

func problem(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

// preInitialized lets a stateless session accept calls without a handshake
// of its own.
func preInitialized() *mcp.ServerSessionOptions {
	return &mcp.ServerSessionOptions{
		State: &mcp.ServerSessionState{
			InitializeParams:          &mcp.InitializeParams{ProtocolVersion: "2025-06-18"},
			InitializedParams:         &mcp.InitializedParams{},
			NegotiatedProtocolVersion: "2025-06-18",
		},
	}
}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		// Stateless: there is no session to stream from or to end.
		w.Header().Set("Allow", "POST")
		problem(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: "+r.Method)
		return
	}
	cat, ok := g.catalogs[r.PathValue("catalog")]
	if !ok {
		http.NotFound(w, r)
		return
	}

	t := &mcp.StreamableServerTransport{Stateless: true}
	if _, err := cat.server.Connect(r.Context(), t, preInitialized()); err != nil {
		log.Printf("statelessgw: connect %s: %v", cat.name, err)
		problem(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	t.ServeHTTP(w, r)
}
