// Package gw5 serves an mcp-go server statelessly: every POST is handled on
// its own, with no session table, which suits our autoscaled deployment.
package gw5

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"

	"github.com/mark3labs/mcp-go/server"
)

type Handler struct {
	MCP     *server.MCPServer
	Logger  *slog.Logger
	MaxBody int64
}

func (h *Handler) writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`, code, msg)
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			h.Logger.Error("panic serving MCP", "panic", v, "stack", string(debug.Stack()))
			h.writeError(w, http.StatusBadRequest, -32700, "Parse error")
		}
	}()

	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		h.writeError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: stateless endpoint accepts POST only")
		return
	}

	var raw json.RawMessage
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, h.MaxBody)).Decode(&raw); err != nil {
		h.writeError(w, http.StatusBadRequest, -32700, "Parse error: "+err.Error())
		return
	}

	resp := h.MCP.HandleMessage(r.Context(), raw)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	out, err := json.Marshal(resp)
	if err != nil {
		h.Logger.Error("marshal response", "err", err)
		h.writeError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}
