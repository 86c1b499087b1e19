// Package streamgw is a thin Streamable HTTP gateway: it validates the body,
// forwards it to the backend MCP server and streams the answer back, SSE or JSON.
package streamgw

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	json "github.com/goccy/go-json"

	"example.com/synth/errors2/jsonrpcdec"
)

const (
	codeInternal = -32603
	codeParse    = -32700
	maxBodyBytes = 2 << 20
)

type Gateway struct {
	backend *http.Client
	target  string
	timeout time.Duration
	logger  *slog.Logger
}

func New(target string, logger *slog.Logger) *Gateway {
	return &Gateway{backend: http.DefaultClient, target: target, timeout: 30 * time.Second, logger: logger}
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type errorReply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   rpcError        `json:"error"`
}

func writeRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage(`null`)
	}
	b, _ := json.Marshal(errorReply{JSONRPC: "2.0", ID: id, Error: rpcError{Code: code, Message: msg}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	msgs, batch, err := jsonrpcdec.Read(r, maxBodyBytes)
	if err != nil {
		if de, ok := jsonrpcdec.AsDecodeError(err); ok {
			writeRPCError(w, de.Status, nil, de.Code, de.Msg)
			return
		}
		writeRPCError(w, http.StatusInternalServerError, nil, codeInternal, "Internal error")
		return
	}
	var id json.RawMessage
	if !batch {
		id = msgs[0].ID
	}

	var payload []byte
	if batch {
		payload, err = json.Marshal(msgs)
	} else {
		payload, err = json.Marshal(msgs[0])
	}
	if err != nil {
		g.logger.Error("re-encode request", "err", err)
		writeRPCError(w, http.StatusBadRequest, id, codeParse, "Parse error")
		return
	}

	ctx, cancel := context.WithTimeout(r.Context(), g.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.target, bytes.NewReader(payload))
	if err != nil {
		writeRPCError(w, http.StatusInternalServerError, id, codeInternal, "Internal error")
		return
	}
	for _, h := range []string{"Accept", "Content-Type", "Mcp-Session-Id", "Mcp-Protocol-Version", "Authorization"} {
		if v := r.Header.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}

	resp, err := g.backend.Do(req)
	if err != nil {
		status := http.StatusBadGateway
		if errors.Is(err, context.DeadlineExceeded) {
			status = http.StatusGatewayTimeout
		}
		g.logger.Warn("backend request", "target", g.target, "err", err)
		writeRPCError(w, status, id, codeInternal, "backend unavailable")
		return
	}
	defer resp.Body.Close()

	for _, h := range []string{"Content-Type", "Mcp-Session-Id", "Cache-Control"} {
		if v := resp.Header.Get(h); v != "" {
			w.Header().Set(h, v)
		}
	}
	if ct := resp.Header.Get("Content-Type"); ct == "text/event-stream" {
		w.WriteHeader(resp.StatusCode)
		g.pipe(w, resp.Body)
		return
	}

	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		writeRPCError(w, http.StatusBadGateway, id, codeInternal, "backend closed the connection")
		return
	}
	if len(raw) > 0 && !json.Valid(raw) {
		g.logger.Error("backend sent invalid JSON", "status", resp.StatusCode, "bytes", len(raw))
		writeRPCError(w, http.StatusBadRequest, id, jsonrpcdec.CodeInvalidRequest, "Invalid Request")
		return
	}
	w.WriteHeader(resp.StatusCode)
	w.Write(raw)
}

func (g *Gateway) pipe(w http.ResponseWriter, body io.Reader) {
	flusher, _ := w.(http.Flusher)
	buf := make([]byte, 32<<10)
	for {
		n, err := body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
		}
		if err != nil {
			return
		}
	}
}
