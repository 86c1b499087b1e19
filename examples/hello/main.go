// Command hello is the smallest MCP server on mcpwire's runtime: one tool,
// served over Streamable HTTP through a per-handshake session map whose
// transports close themselves when their handshake is refused.
//
//	go run ./examples/hello -addr 127.0.0.1:8080   # endpoint http://127.0.0.1:8080/mcp
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// greetIn is greet's input. Name is optional (omitempty keeps it out of the
// schema's "required"), since greet defaults it.
type greetIn struct {
	Name string `json:"name,omitempty" jsonschema:"who to greet (default: world)"`
}

func greet(_ context.Context, _ *mcp.CallToolRequest, in greetIn) (*mcp.CallToolResult, any, error) {
	if in.Name == "" {
		in.Name = "world"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Hello, " + in.Name + "!"}}}, nil, nil
}

// sessions routes a request with a known Mcp-Session-Id to its transport
// and gives any other request a fresh transport and server session built
// for one expected initialize. The transport registers itself when the
// handshake succeeds and unregisters when it closes — including when the
// handshake is refused, which is what CloseOnRefusedHandshake guarantees.
type sessions struct {
	server *mcp.Server
	log    *slog.Logger

	mu   sync.Mutex
	byID map[string]*streamable.Transport
	// live holds every connected pair until its transport closes, so that
	// shutdown can wait for the server sessions; OnClose removes it, so no
	// goroutine per session is needed.
	live map[*streamable.Transport]*mcp.ServerSession
}

func (s *sessions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get(protocol.HeaderSessionID); id != "" {
		s.mu.Lock()
		t := s.byID[id]
		s.mu.Unlock()
		if t == nil {
			protocol.WriteError(w, nil, protocol.SessionNotFound())
			return
		}
		t.ServeHTTP(w, r)
		return
	}
	var t *streamable.Transport
	t = streamable.NewTransport(streamable.Options{
		SessionIDGenerator:      streamable.RandomSessionID,
		CloseOnRefusedHandshake: true,
		OnSessionInitialized: func(_ context.Context, id string) error {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.byID[id] = t
			s.log.Info("session started", "id", id)
			return nil
		},
		OnClose: func(id string) {
			s.mu.Lock()
			defer s.mu.Unlock()
			delete(s.byID, id)
			delete(s.live, t)
			if id != "" {
				s.log.Info("session ended", "id", id)
			}
		},
		Logger: s.log,
	})
	// The session outlives this request, so it is not tied to r's context.
	ss, err := s.server.Connect(context.Background(), t, nil)
	if err != nil {
		protocol.WriteError(w, nil, err)
		return
	}
	s.mu.Lock()
	s.live[t] = ss
	s.mu.Unlock()
	t.ServeHTTP(w, r)
}

// closeAll ends every session (releasing their hanging SSE streams) and
// waits for the server sessions to finish.
func (s *sessions) closeAll() {
	s.mu.Lock()
	live := make(map[*streamable.Transport]*mcp.ServerSession, len(s.live))
	for t, ss := range s.live {
		live[t] = ss
	}
	s.mu.Unlock()
	for t, ss := range live {
		t.Close()
		ss.Wait()
	}
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	flag.Parse()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))

	server := mcp.NewServer(&mcp.Implementation{Name: "hello", Version: "0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "greet", Description: "Say hello to someone"}, greet)
	s := &sessions{server: server, log: logger, byID: map[string]*streamable.Transport{}, live: map[*streamable.Transport]*mcp.ServerSession{}}

	mux := http.NewServeMux()
	mux.Handle("/mcp", s)
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		logger.Info("shutting down")
		// Close sessions first: their SSE streams would keep Shutdown
		// waiting for connections that never go idle.
		s.closeAll()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdownCtx); err != nil {
			logger.Error("shutdown", "error", err)
		}
	}()

	// Bind first, so "listening" is only logged once the address accepts
	// connections (and names the real port when -addr ends in :0).
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		logger.Error("listen", "error", err)
		os.Exit(1)
	}
	logger.Info("listening", "url", "http://"+ln.Addr().String()+"/mcp")
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Error("serve", "error", err)
		os.Exit(1)
	}
	<-stopped
}
