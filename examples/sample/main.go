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
	"syscall"
	"time"
)

//go:generate mcpgen handler --out=mcphandler_gen.go --package=main --mode=hybrid

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve MCP on, at /mcp")
	debugAddr := flag.String("debug-addr", "", "address to serve the session counters on, at /debug/vars (off when empty)")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, *debugAddr, logger); err != nil {
		logger.Error("server failed", "err", err)
		os.Exit(1)
	}
}

// run serves until ctx is done, then closes the MCP sessions and drains
// the HTTP server.
func run(ctx context.Context, addr, debugAddr string, logger *slog.Logger) error {
	handler := NewHandler(NewServer, HandlerOptions{Logger: logger})
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)

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
	logger.Info("serving MCP", "url", "http://"+ln.Addr().String()+"/mcp")

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
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Close the sessions first: their open SSE streams would keep
	// srv.Shutdown waiting until the timeout.
	return errors.Join(handler.Shutdown(shutdownCtx), srv.Shutdown(shutdownCtx))
}
