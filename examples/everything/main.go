// Command everything serves the MCP server of server.go over Streamable HTTP.
package main

import (
	"context"
	"errors"
	"expvar"
	"flag"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

//go:generate go tool -modfile=tools.mod mcpgen handler --out=mcphandler_gen.go --package=main --mode=hybrid

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve MCP on, at /mcp")
	debugAddr := flag.String("debug-addr", "", "address to serve the session counters on, at /debug/vars (off when empty)")
	nodeID := flag.String("node-id", "", "this node's key in a deployment of more than one (a-z, 0-9, '-'): session ids become <node-id>.<random> for the load balancer to route on (deploy/haproxy)")
	jsonResponse := flag.Bool("json-response", false, "answer requests with application/json instead of an SSE stream (server notifications then travel on the session's GET stream; 2026-07-28 calls get none)")
	sessionStore := flag.String("session-store", "memory", "where sessions are kept for other nodes to resume: memory (this process only) or redis://host:port/db, shared by every node")
	drainNotice := flag.Duration("drain-notice", 0, "on SIGTERM, answer /healthz 503 for this long while still serving, so that a load balancer's health check takes the node out before it stops taking connections (behind deploy/haproxy: 1500ms)")
	idleTimeout := flag.Duration("idle-timeout", 0, "close a session after this long without a request (0: the runtime's default, 10m)")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if *nodeID != "" {
		if err := streamable.ValidNodeID(*nodeID); err != nil {
			logger.Error("bad -node-id", "err", err)
			os.Exit(2)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, closeStore, err := redisstore.FromFlag(ctx, *sessionStore)
	if err != nil {
		// One line: a store that does not answer at start is the operator's
		// to fix (address, Redis down), not a crash to read a stack from.
		logger.Error("cannot start: -session-store", "err", err)
		os.Exit(2)
	}
	defer closeStore()
	opts := HandlerOptions{
		Logger: logger,
		// The event store makes 2025-11-25 streams resumable: the priming event, the retry field and
		// Last-Event-ID replay that the server-sse-polling scenario checks.
		EventStore:   streamable.NewMemoryEventStore(0),
		IdleTimeout:  *idleTimeout,
		NodeID:       *nodeID,
		SessionStore: store,
		JSONResponse: *jsonResponse,
	}
	if err := run(ctx, *addr, *debugAddr, *drainNotice, opts); err != nil {
		logger.Error("server failed", "err", err)
		os.Exit(1)
	}
}

// run serves until ctx is done, then closes the MCP sessions and drains
// the HTTP server.
func run(ctx context.Context, addr, debugAddr string, drainNotice time.Duration, opts HandlerOptions) error {
	logger := opts.Logger
	handler := NewHandler(NewServer, opts)
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)
	// The load balancer's health check (deploy/haproxy): 503 once the node
	// is draining, so the balancer stops sending it requests before it
	// stops taking connections.
	var draining atomic.Bool
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		if draining.Load() {
			http.Error(w, "draining", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok\n"))
	})

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
	}
	errc := make(chan error, 2)
	go func() {
		errc <- srv.Serve(ln)
	}()
	logger.Info("serving MCP", "url", "http://"+ln.Addr().String()+"/mcp", "node", opts.NodeID)

	if debugAddr != "" {
		expvar.Publish("mcp", expvar.Func(func() any {
			return handler.Stats()
		}))
		debugMux := http.NewServeMux()
		debugMux.Handle("/debug/vars", expvar.Handler())
		dln, err := net.Listen("tcp", debugAddr)
		if err != nil {
			return err
		}
		debug := &http.Server{
			Handler:           debugMux,
			ReadHeaderTimeout: 10 * time.Second,
		}
		defer debug.Close()
		go func() {
			errc <- debug.Serve(dln)
		}()
		logger.Info("serving session counters", "url", "http://"+dln.Addr().String()+"/debug/vars")
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	if drainNotice > 0 {
		draining.Store(true)
		logger.Info("draining: the health check fails; serving until the load balancer has noticed", "for", drainNotice)
		time.Sleep(drainNotice)
	}
	logger.Info("shutting down: taking no new connections, answering the calls in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// srv.Shutdown closes the listener at once: the balancer's health check
	// fails and its new connections are refused, which it retries on another
	// node (deploy/haproxy), where the sessions resume from the store. The
	// handler drains at the same time: calls in flight are answered, SSE
	// streams end cleanly (their open streams would otherwise keep
	// srv.Shutdown waiting), and the sessions keep their stored records.
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Shutdown(shutdownCtx) }()
	err = handler.Shutdown(shutdownCtx)
	return errors.Join(err, <-srvDone)
}
