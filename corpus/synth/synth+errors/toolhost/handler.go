// Package toolhost exposes operator-registered HTTP tools over MCP.
package toolhost

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"example.com/synth/errors/internal/rpcdecode"
	"example.com/synth/errors/internal/rpcerr"
)

type Handler struct {
	svc     *Service
	log     *slog.Logger
	maxBody int64
}

func NewHandler(svc *Service, log *slog.Logger) *Handler {
	return &Handler{svc: svc, log: log, maxBody: rpcdecode.DefaultLimit}
}

// Routes mounts the MCP endpoint on mux.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.Handle("POST /mcp", h)
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	env, rerr := rpcdecode.Request(w, r, h.maxBody)
	if rerr != nil {
		rpcerr.Write(w, nil, rerr)
		return
	}
	if env.IsNotification() {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	var result any
	var err error
	switch env.Method {
	case "initialize":
		result = map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "toolhost", "version": "0.4.2"},
		}
	case "ping":
		result = struct{}{}
	case "tools/list":
		var tools []listedTool
		tools, err = h.svc.List(r.Context())
		result = map[string]any{"tools": tools}
	case "tools/call":
		result, err = h.svc.Call(r.Context(), env.Params)
	default:
		err = rpcerr.MethodNotFound(env.Method)
	}
	if err != nil {
		h.fail(w, env.ID, env.Method, err)
		return
	}

	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": result})
}

func (h *Handler) fail(w http.ResponseWriter, id json.RawMessage, method string, err error) {
	var re *rpcerr.Error
	if !errors.As(err, &re) {
		re = rpcerr.Internal(err)
	}
	if re.Status >= 500 {
		h.log.Error("mcp request failed", "method", method, "err", err)
	}
	rpcerr.Write(w, id, re)
}
