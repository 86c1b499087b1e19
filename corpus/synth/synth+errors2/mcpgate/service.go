package mcpgate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

var (
	ErrToolNotFound = errors.New("tool not found")
	ErrUpstream     = errors.New("upstream failure")
)

// ArgError reports a tool argument that failed the tool's schema.
type ArgError struct {
	Field  string
	Reason string
}

func (e *ArgError) Error() string { return fmt.Sprintf("argument %q: %s", e.Field, e.Reason) }

// Invoker is the gateway's service layer: it resolves a tool to a backend
// and runs it.
type Invoker interface {
	Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type routeTable struct {
	db     *sql.DB
	client *http.Client
}

func NewInvoker(db *sql.DB, client *http.Client) Invoker {
	return &routeTable{db: db, client: client}
}

func (t *routeTable) Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.Params.Name
	if strings.TrimSpace(name) == "" {
		return nil, &ArgError{Field: "name", Reason: "must not be empty"}
	}
	var backend string
	err := t.db.QueryRowContext(ctx, `SELECT backend_url FROM tool_routes WHERE tool = ?`, name).Scan(&backend)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrToolNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("query route for %s: %w", name, err)
	}
	for _, k := range []string{"repo", "path"} {
		if v, ok := req.GetArguments()[k]; ok {
			if _, isStr := v.(string); !isStr {
				return nil, &ArgError{Field: k, Reason: "must be a string"}
			}
		}
	}
	res, err := callBackend(ctx, t.client, backend, req)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrUpstream, backend, err)
	}
	return res, nil
}
