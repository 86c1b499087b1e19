// Command sample serves the MCP server of server.go over Streamable HTTP.
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
	"strings"
	"syscall"
	"time"

	"github.com/mcpwire/mcpwire/runtime/limits"
	"github.com/mcpwire/mcpwire/runtime/sessions"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

//go:generate go tool -modfile=tools.mod mcpgen handler --out=mcphandler_gen.go --package=main --mode=hybrid

// config is what the flags set; the README's "Running on a network" section
// gives each default's reason.
type config struct {
	addr, debugAddr string
	maxConns        int
	maxHeaderBytes  int
	httpIdleTimeout time.Duration
	shutdownTimeout time.Duration
	logLevel        slog.Level
	opts            HandlerOptions
}

func main() {
	var cfg config
	var hosts, origins string
	flag.StringVar(&cfg.addr, "addr", "127.0.0.1:8080", "address to serve MCP on, at /mcp")
	flag.StringVar(&cfg.debugAddr, "debug-addr", "", "address to serve the counters (sessions, calls, refusals) on, at /debug/vars (off when empty)")
	flag.TextVar(&cfg.logLevel, "log-level", slog.LevelInfo, "least severe level logged: DEBUG, INFO (each session's start and end, each 2026-07-28 call, each refusal), WARN or ERROR")
	flag.StringVar(&hosts, "allowed-hosts", "", "comma-separated Host names (with or without port) to serve; empty: loopback names on a loopback address, any name otherwise")
	flag.StringVar(&origins, "allowed-origins", "", "comma-separated browser origins allowed to call the server; empty: loopback origins on a loopback address, same-origin otherwise")
	flag.IntVar(&cfg.maxConns, "max-conns", limits.DefaultMaxConns, "connections open at once; more wait in the kernel's accept queue")
	flag.IntVar(&cfg.maxHeaderBytes, "max-header-bytes", 65536, "largest request head (request line and headers) read")
	flag.DurationVar(&cfg.httpIdleTimeout, "http-idle-timeout", 2*time.Minute, "close a keep-alive connection idle this long")
	flag.DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", 10*time.Second, "how long SIGINT/SIGTERM waits for calls in flight")
	flag.Int64Var(&cfg.opts.MaxBodyBytes, "max-body-bytes", streamable.DefaultMaxBodyBytes, "largest request body; larger is 413")
	flag.Int64Var(&cfg.opts.MaxBufferedBodyBytes, "max-buffered-body-bytes", limits.DefaultMaxBufferedBodyBytes, "request-body bytes read at once across all requests; beyond it 503")
	flag.DurationVar(&cfg.opts.BodyReadTimeout, "body-read-timeout", limits.DefaultBodyReadTimeout, "how long one request body may take to arrive")
	flag.IntVar(&cfg.opts.MaxListenStreams, "max-listen-streams", limits.DefaultMaxListenStreams, "2026-07-28 subscriptions/listen streams open at once; beyond it 503")
	flag.IntVar(&cfg.opts.MaxSessions, "max-sessions", sessions.DefaultMaxSessions, "open sessions plus handshakes in progress; beyond it 503")
	flag.DurationVar(&cfg.opts.IdleTimeout, "idle-timeout", sessions.DefaultIdleTimeout, "close a session with no call for this long")
	flag.IntVar(&cfg.opts.MaxStreams, "max-streams", streamable.DefaultMaxStreams, "streams one session holds open at once; beyond it 429")
	flag.DurationVar(&cfg.opts.WriteTimeout, "write-timeout", streamable.DefaultWriteTimeout, "deadline of one write to a client's stream; a client slower than that loses the stream")
	flag.StringVar(&cfg.opts.NodeID, "node-id", "", "this node's key in a deployment of more than one (a-z, 0-9, '-'): session ids become <node-id>.<random> for the load balancer to route on")
	flag.Parse()
	cfg.opts.AllowedHosts = list(hosts)
	cfg.opts.AllowedOrigins = list(origins)
	// One server serves every session, the cheaper choice: NewServer's tools
	// keep nothing of one client's for another. Set it false (a server per
	// session) once a tool keeps per-client state in the server or its closures.
	cfg.opts.SharedServer = true

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.logLevel}))
	cfg.opts.Logger = logger
	if cfg.opts.NodeID != "" {
		if err := streamable.ValidNodeID(cfg.opts.NodeID); err != nil {
			logger.Error("bad -node-id", "err", err)
			os.Exit(2)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, logger); err != nil {
		logger.Error("server failed", "err", err)
		os.Exit(1)
	}
}

// list splits a comma-separated flag value, dropping empty items.
func list(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// run serves until ctx is done, then drains the MCP sessions and the
// HTTP server.
func run(ctx context.Context, cfg config, logger *slog.Logger) error {
	// Sessions are kept in this process, at most
	// sessionstore.DefaultMaxEntries records. To share them between nodes
	// through Redis, scaffold with mcpgen new --session-store=redis (README,
	// "Sessions").
	cfg.opts.SessionStore = sessionstore.NewMemory(0)
	handler := NewHandler(NewServer, cfg.opts)
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)

	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           mux,
		IdleTimeout:       cfg.httpIdleTimeout,
		MaxHeaderBytes:    cfg.maxHeaderBytes,
		ReadHeaderTimeout: 10 * time.Second,
	}
	// No WriteTimeout: it would cut SSE streams. Each stream write has its
	// own deadline (-write-timeout) and each body its own (-body-read-timeout).
	errc := make(chan error, 2)
	go func() {
		errc <- srv.Serve(limits.Listener(ln, cfg.maxConns))
	}()
	hostRule, originRule, exposed := streamable.AccessPolicy(ln.Addr(), cfg.opts.AllowedHosts, cfg.opts.AllowedOrigins)
	logger.Info("serving MCP", "url", "http://"+ln.Addr().String()+"/mcp", "hosts", hostRule, "origins", originRule)
	if exposed {
		logger.Warn("not a loopback address and no -allowed-hosts: every Host name is served; set -allowed-hosts to the names clients use")
	}

	if cfg.debugAddr != "" {
		expvar.Publish("mcp", expvar.Func(func() any {
			return handler.Stats()
		}))
		debugMux := http.NewServeMux()
		debugMux.Handle("/debug/vars", expvar.Handler())
		dln, err := net.Listen("tcp", cfg.debugAddr)
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
		logger.Info("serving counters", "url", "http://"+dln.Addr().String()+"/debug/vars")
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
	defer cancel()
	// Drain the sessions first (their calls in flight finish, their GET
	// streams end): open SSE streams would keep srv.Shutdown waiting until the
	// timeout.
	return errors.Join(handler.Shutdown(shutdownCtx), srv.Shutdown(shutdownCtx))
}
