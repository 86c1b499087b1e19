// Package mcpgohttp puts an mcp-go MCPServer behind a hand-written HTTP
// handler that records per-client activity in Postgres.
package mcpgohttp

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Activity is where we keep last-seen timestamps per API client.
type Activity interface {
	Touch(ctx context.Context, clientID string, method string) error
}

type pgActivity struct{ db *sql.DB }

func NewPGActivity(db *sql.DB) Activity { return pgActivity{db: db} }

func (a pgActivity) Touch(ctx context.Context, clientID, method string) error {
	_, err := a.db.ExecContext(ctx,
		`INSERT INTO client_activity (client_id, last_method, last_seen) VALUES ($1, $2, now())
		 ON CONFLICT (client_id) DO UPDATE SET last_method = EXCLUDED.last_method, last_seen = EXCLUDED.last_seen`,
		clientID, method)
	return err
}

type noopActivity struct{}

func (noopActivity) Touch(context.Context, string, string) error { return nil }

type Handler struct {
	srv      *server.MCPServer
	activity Activity
	log      *slog.Logger
	timeout  time.Duration
}

func NewHandler(srv *server.MCPServer, activity Activity, log *slog.Logger) *Handler {
	if activity == nil {
		activity = noopActivity{}
	}
	return &Handler{srv: srv, activity: activity, log: log, timeout: 2 * time.Minute}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

var nullID = mcp.NewRequestId(nil)

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, mcp.NewJSONRPCError(nullID, -32000, "could not read body", nil))
		return
	}
	if !json.Valid(body) {
		writeJSON(w, http.StatusBadRequest, mcp.NewJSONRPCError(nullID, mcp.PARSE_ERROR, "Parse error", nil))
		return
	}
	var head struct {
		JSONRPC string  `json:"jsonrpc"`
		ID      *any    `json:"id"`
		Method  *string `json:"method"`
	}
	if err := json.Unmarshal(body, &head); err != nil || head.JSONRPC != mcp.JSONRPC_VERSION || head.Method == nil {
		writeJSON(w, http.StatusBadRequest, mcp.NewJSONRPCError(nullID, mcp.INVALID_REQUEST, "Invalid Request", nil))
		return
	}
	id := nullID
	if head.ID != nil {
		id = mcp.NewRequestId(*head.ID)
	}

	client := r.Header.Get("X-Client-Id")
	if err := h.activity.Touch(r.Context(), client, *head.Method); err != nil {
		h.log.Error("activity", "client", client, "err", err)
		writeJSON(w, http.StatusOK, mcp.NewJSONRPCError(id, mcp.INTERNAL_ERROR, "Internal error", nil))
		return
	}

	ctx, cancel := context.WithTimeout(r.Context(), h.timeout)
	defer cancel()
	resp := h.srv.HandleMessage(ctx, body)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if rpcErr, ok := resp.(mcp.JSONRPCError); ok {
		writeJSON(w, http.StatusOK, rpcErr)
		return
	}

	out, err := json.Marshal(resp)
	if err != nil {
		h.log.Error("encode response", "method", *head.Method, "err", err)
		writeJSON(w, http.StatusBadRequest, mcp.NewJSONRPCError(id, mcp.INTERNAL_ERROR, "could not encode response", nil))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(out)
}

// NewServer builds the MCP server this handler is used with.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("inventory", "0.9.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("stock_level",
		mcp.WithDescription("Units on hand for a SKU"),
		mcp.WithString("sku", mcp.Required()),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		sku, err := req.RequireString("sku")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(sku + ": 42"), nil
	})
	return s
}
