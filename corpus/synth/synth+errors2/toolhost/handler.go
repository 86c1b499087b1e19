package toolhost

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
)

// Runner executes a tool call against the tool's endpoint.
type Runner interface {
	Run(r *http.Request, t *Tool, args json.RawMessage) (any, error)
}

// Handler serves tools/list and tools/call over a single POST endpoint.
type Handler struct {
	Store  ToolStore
	Runner Runner
	Log    *slog.Logger
}

func New(store ToolStore, runner Runner, log *slog.Logger) *Handler {
	if log == nil {
		log = slog.Default()
	}
	return &Handler{Store: store, Runner: runner, Log: log}
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, nil, http.StatusMethodNotAllowed, -32000, "method not allowed")
		return
	}
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, nil, http.StatusBadRequest, codeParseError, "Parse error")
		return
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		writeError(w, req.ID, http.StatusBadRequest, codeInvalidRequest, "Invalid Request")
		return
	}

	var result any
	switch req.Method {
	case "tools/list":
		tools, err := h.Store.List(r.Context())
		if err != nil {
			h.Log.Error("list tools", "err", err)
			writeError(w, req.ID, http.StatusInternalServerError, codeInternalError, "Internal error")
			return
		}
		result = map[string]any{"tools": tools}
	case "tools/call":
		var p callParams
		if err := json.Unmarshal(req.Params, &p); err != nil || p.Name == "" {
			writeError(w, req.ID, http.StatusBadRequest, codeInvalidParams, "Invalid params")
			return
		}
		tool, err := h.Store.Lookup(r.Context(), p.Name)
		if errors.Is(err, ErrNoTool) {
			writeError(w, req.ID, http.StatusNotFound, codeInvalidParams, "Unknown tool: "+p.Name)
			return
		}
		if err != nil {
			h.Log.Error("lookup tool", "tool", p.Name, "err", err)
			writeError(w, req.ID, http.StatusBadRequest, codeInvalidRequest, "tool lookup failed")
			return
		}
		out, err := h.Runner.Run(r, tool, p.Arguments)
		if err != nil {
			result = map[string]any{
				"isError": true,
				"content": []map[string]string{{"type": "text", "text": err.Error()}},
			}
			break
		}
		result = out
	default:
		writeError(w, req.ID, http.StatusNotFound, codeMethodNotFound, "Method not found")
		return
	}

	body, err := json.Marshal(rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: result})
	if err != nil {
		h.Log.Error("encode response", "err", err)
		writeError(w, req.ID, http.StatusInternalServerError, codeParseError, "could not encode result")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}
