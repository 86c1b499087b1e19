package sdkfront

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// codeServerError is the implementation-defined code the MCP transports
// use for HTTP-level refusals.
const codeServerError = -32000

// Guard reads each POST body once, refuses what the SDK would only choke
// on later, logs the method and hands the same bytes on.
func Guard(next http.Handler, limit int64, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				refuse(w, http.StatusRequestEntityTooLarge, codeServerError, "Request body larger than the limit")
				return
			}
			log.Warn("guard: body read failed", "err", err)
			refuse(w, http.StatusInternalServerError, jsonrpc.CodeInternalError, "Internal error")
			return
		}
		if !json.Valid(raw) {
			refuse(w, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error: body is not valid JSON")
			return
		}
		if len(bytes.TrimSpace(raw)) > 0 && bytes.TrimSpace(raw)[0] != '[' {
			msg, err := jsonrpc.DecodeMessage(raw)
			if err != nil {
				refuse(w, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error: "+err.Error())
				return
			}
			if req, ok := msg.(*jsonrpc.Request); ok {
				log.Info("mcp request", "method", req.Method, "session", r.Header.Get("Mcp-Session-Id"))
			}
		}
		r.Body = io.NopCloser(bytes.NewReader(raw))
		r.ContentLength = int64(len(raw))
		next.ServeHTTP(w, r)
	})
}

func refuse(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"error":   map[string]any{"code": code, "message": msg},
		"id":      nil,
	})
}
