// Command srv1 serves a small notes MCP server over Streamable HTTP.
//
// Sessions are kept in a map keyed by Mcp-Session-Id so that we can put our
// own logging and metrics around every request.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"flag"
	"io"
	"log"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type noteArgs struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

type sessionEntry struct {
	transport *mcp.StreamableServerTransport
	session   *mcp.ServerSession
}

type app struct {
	server *mcp.Server

	mu       sync.Mutex
	sessions map[string]*sessionEntry
}

func newApp() *app {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "0.3.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "add_note", Description: "store a note"},
		func(ctx context.Context, req *mcp.CallToolRequest, in noteArgs) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "saved " + in.Title}}}, nil, nil
		})
	return &app{server: s, sessions: make(map[string]*sessionEntry)}
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"error":   map[string]any{"code": code, "message": msg},
		"id":      nil,
	})
}

func (a *app) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		a.mu.Lock()
		e, ok := a.sessions[sid]
		a.mu.Unlock()
		if !ok {
			writeRPCError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		e.transport.ServeHTTP(w, r)
		if r.Method == http.MethodDelete {
			a.mu.Lock()
			delete(a.sessions, sid)
			a.mu.Unlock()
			e.session.Close()
		}
		return
	}
	if r.Method != http.MethodPost {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	a.newSession(w, r)
}

// newSession sets up a transport for a client that has no session yet and
// hands it the initialize request.
func (a *app) newSession(w http.ResponseWriter, r *http.Request) {
	id := rand.Text()
	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := a.server.Connect(r.Context(), t, nil)
	if err != nil {
		log.Printf("connect: %v", err)
		writeRPCError(w, http.StatusBadRequest, -32600, "Invalid Request: "+err.Error())
		return
	}
	a.mu.Lock()
	a.sessions[id] = &sessionEntry{transport: t, session: ss}
	a.mu.Unlock()

	accept := r.Header.Get("Accept")
	if !strings.Contains(accept, "application/json") || !strings.Contains(accept, "text/event-stream") {
		writeRPCError(w, http.StatusNotAcceptable, -32000, "Not Acceptable: client must accept application/json and text/event-stream")
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeRPCError(w, http.StatusUnsupportedMediaType, -32000, "Unsupported Media Type: Content-Type must be application/json")
		return
	}

	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error: could not read request body")
		return
	}
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON")
		return
	}
	if msg.Method != "initialize" {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}

	r.Body = io.NopCloser(bytes.NewReader(body))
	t.ServeHTTP(w, r)
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8931", "listen address")
	flag.Parse()
	log.Printf("notes MCP on http://%s/mcp", *addr)
	mux := http.NewServeMux()
	mux.Handle("/mcp", newApp())
	log.Fatal(http.ListenAndServe(*addr, mux))
}
