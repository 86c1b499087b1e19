// Package mcpgate is the tools/call front door of the gateway: it decodes the
// call with mcp-go's types and hands it to the Invoker.
package mcpgate

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

type CallHandler struct {
	Invoker Invoker
	Log     *slog.Logger
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// classify decides how an Invoker error is reported.
func classify(err error) (int, int) {
	var argErr *ArgError
	switch {
	case errors.As(err, &argErr):
		return http.StatusBadRequest, mcp.INVALID_PARAMS
	case errors.Is(err, ErrToolNotFound):
		return http.StatusNotFound, mcp.METHOD_NOT_FOUND
	case errors.Is(err, ErrUpstream):
		return http.StatusBadGateway, mcp.INTERNAL_ERROR
	default:
		return http.StatusBadRequest, mcp.INVALID_REQUEST
	}
}

func (h *CallHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req mcp.JSONRPCRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, mcp.NewJSONRPCError(mcp.NewRequestId(nil), mcp.PARSE_ERROR, "Parse error", nil))
		return
	}
	if req.JSONRPC != mcp.JSONRPC_VERSION {
		writeJSON(w, http.StatusInternalServerError, mcp.NewJSONRPCError(req.ID, mcp.INVALID_REQUEST, "Invalid Request", nil))
		return
	}
	if req.Method != string(mcp.MethodToolsCall) {
		writeJSON(w, http.StatusNotFound, mcp.NewJSONRPCError(req.ID, mcp.METHOD_NOT_FOUND, "Method not found", nil))
		return
	}

	raw, _ := json.Marshal(req.Params)
	var call mcp.CallToolRequest
	if err := json.Unmarshal(raw, &call.Params); err != nil {
		writeJSON(w, http.StatusBadRequest, mcp.NewJSONRPCError(req.ID, mcp.INVALID_PARAMS, "Invalid params", nil))
		return
	}

	res, err := h.Invoker.Invoke(r.Context(), call)
	if err != nil {
		status, code := classify(err)
		h.Log.Warn("tools/call failed", "tool", call.Params.Name, "status", status, "err", err)
		writeJSON(w, status, mcp.NewJSONRPCError(req.ID, code, err.Error(), nil))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": mcp.JSONRPC_VERSION, "id": req.ID, "result": res})
}
