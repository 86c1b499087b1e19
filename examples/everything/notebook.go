package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Notebook is what one client's session keeps between its calls: the lines
// the notebook_append tool adds and notebook_read returns, and who opened the
// session. The generated handler builds it when a handshake is accepted,
// saves it beside the session's record after a call that changed it, and
// restores it on the node that resumes the session, so a session's notes
// survive the loss of its node.
//
//mcpgen:state
type Notebook struct {
	mu    sync.Mutex // the session's calls run concurrently
	user  string
	lines []string
}

// NewNotebook builds the notebook of a session whose handshake was accepted.
func NewNotebook(_ *http.Request, principal string, _ *mcp.InitializeParams) (*Notebook, error) {
	return &Notebook{user: principal}, nil
}

// notebookJSON is the notebook's stored form.
type notebookJSON struct {
	User  string   `json:"user,omitempty"`
	Lines []string `json:"lines"`
}

// MarshalJSON implements json.Marshaler: the handler saves the notebook
// while other calls of its session may run.
func (n *Notebook) MarshalJSON() ([]byte, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return json.Marshal(notebookJSON{User: n.user, Lines: n.lines})
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *Notebook) UnmarshalJSON(data []byte) error {
	var v notebookJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.user, n.lines = v.User, v.Lines
	return nil
}

func (n *Notebook) add(line string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.lines = append(n.lines, line)
	return len(n.lines)
}

func (n *Notebook) read() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return strings.Join(n.lines, "\n")
}

type appendInput struct {
	Line string `json:"line" jsonschema:"the line to add to the session's notebook"`
}

// errNoSession is the answer of the notebook tools to a 2026-07-28 call,
// which has no session to keep a notebook in.
var errNoSession = errors.New("the notebook lives in a session: connect with a 2025 protocol revision")

// registerNotebook adds the two tools over the session's notebook.
func registerNotebook(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "notebook_append", Description: "Adds a line to this session's notebook"},
		func(ctx context.Context, _ *mcp.CallToolRequest, in appendInput) (*mcp.CallToolResult, any, error) {
			n := NotebookFrom(ctx)
			if n == nil {
				return nil, nil, errNoSession
			}
			n.add(in.Line)
			return textResult("noted"), nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "notebook_read", Description: "Returns this session's notebook, one line per note"},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
			n := NotebookFrom(ctx)
			if n == nil {
				return nil, nil, errNoSession
			}
			return textResult(n.read()), nil, nil
		})
}
