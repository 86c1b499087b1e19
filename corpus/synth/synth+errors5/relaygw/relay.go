// Package relaygw is a thin relay that sits between MCP clients on the
// public network and one MCP server on the private one. It forwards POSTs
// verbatim and passes the session header through in both directions.
package relaygw

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"example.com/synth/errors5/relaygw/internal/upstream"
)

type Relay struct {
	up  *upstream.Client
	log *slog.Logger
}

func New(up *upstream.Client, log *slog.Logger) http.Handler {
	if log == nil {
		log = slog.Default()
	}
	rl := &Relay{up: up, log: log}

	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", rl.post)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func (rl *Relay) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rl.log.Warn("relay: reading request body", "err", err, "remote", r.RemoteAddr)
		writeRPCError(w, http.StatusBadRequest, codeParseError, "Parse error")
		return
	}
	if !json.Valid(body) {
		writeRPCError(w, http.StatusBadRequest, codeParseError, "Parse error: body is not valid JSON")
		return
	}

	reply, err := rl.up.Post(r.Context(),
		r.Header.Get("Mcp-Session-Id"),
		r.Header.Get("Mcp-Protocol-Version"),
		body)
	switch {
	case errors.Is(err, upstream.ErrTimeout):
		rl.log.Error("relay: upstream timeout", "err", err)
		writeRPCError(w, http.StatusGatewayTimeout, codeInternal, "upstream did not answer in time")
		return
	case errors.Is(err, upstream.ErrUnreachable):
		rl.log.Error("relay: upstream unreachable", "err", err)
		writeRPCError(w, http.StatusBadRequest, codeServerError, "upstream unreachable")
		return
	case err != nil:
		rl.log.Error("relay: upstream failed", "err", err)
		writeRPCError(w, http.StatusBadGateway, codeInternal, "upstream error")
		return
	}

	// A 202 carries no body; everything else must be JSON we can hand on.
	if reply.Status != http.StatusAccepted && !json.Valid(reply.Body) {
		rl.log.Error("relay: upstream sent non-JSON reply", "type", reply.Type, "status", reply.Status)
		writeRPCError(w, http.StatusBadRequest, codeParseError, "Parse error")
		return
	}

	if reply.SessionID != "" {
		w.Header().Set("Mcp-Session-Id", reply.SessionID)
	}
	if reply.Type != "" {
		w.Header().Set("Content-Type", reply.Type)
	}
	w.WriteHeader(reply.Status)
	_, _ = w.Write(reply.Body)
}
