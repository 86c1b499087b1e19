package toolhost

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sync"
)

// ErrNoTool is returned by a ToolStore when no tool is registered under a name.
var ErrNoTool = errors.New("toolhost: no such tool")

// Tool is a registered tool as persisted in the catalogue.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Endpoint    string          `json:"-"`
}

// ToolStore is where the host looks tools up.
type ToolStore interface {
	Lookup(ctx context.Context, name string) (*Tool, error)
	List(ctx context.Context) ([]Tool, error)
}

// SQLStore reads the catalogue from a tools table.
type SQLStore struct {
	DB *sql.DB
}

func (s *SQLStore) Lookup(ctx context.Context, name string) (*Tool, error) {
	var t Tool
	var schema []byte
	err := s.DB.QueryRowContext(ctx,
		`SELECT name, description, input_schema, endpoint FROM tools WHERE name = $1 AND enabled`, name).
		Scan(&t.Name, &t.Description, &schema, &t.Endpoint)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoTool
	}
	if err != nil {
		return nil, err
	}
	t.InputSchema = schema
	return &t, nil
}

func (s *SQLStore) List(ctx context.Context) ([]Tool, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT name, description, input_schema FROM tools WHERE enabled ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Tool
	for rows.Next() {
		var t Tool
		var schema []byte
		if err := rows.Scan(&t.Name, &t.Description, &schema); err != nil {
			return nil, err
		}
		t.InputSchema = schema
		out = append(out, t)
	}
	return out, rows.Err()
}

// MemStore is used by tests and the single-binary mode.
type MemStore struct {
	mu    sync.RWMutex
	tools map[string]Tool
}

func NewMemStore(tools ...Tool) *MemStore {
	m := &MemStore{tools: make(map[string]Tool, len(tools))}
	for _, t := range tools {
		m.tools[t.Name] = t
	}
	return m
}

func (m *MemStore) Lookup(_ context.Context, name string) (*Tool, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	t, ok := m.tools[name]
	if !ok {
		return nil, ErrNoTool
	}
	return &t, nil
}

func (m *MemStore) List(_ context.Context) ([]Tool, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]Tool, 0, len(m.tools))
	for _, t := range m.tools {
		out = append(out, t)
	}
	return out, nil
}
