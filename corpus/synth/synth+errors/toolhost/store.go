package toolhost

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
)

// ErrNoTool is returned by a ToolStore that has no tool under the name.
var ErrNoTool = errors.New("toolhost: no such tool")

// ToolDef is a tool as registered by an operator.
type ToolDef struct {
	Name        string
	Description string
	Schema      json.RawMessage
	Endpoint    string
}

// Run records one invocation for billing and audit.
type Run struct {
	ID       uuid.UUID
	Tool     string
	Started  time.Time
	Duration time.Duration
	Failed   bool
}

type ToolStore interface {
	Tool(ctx context.Context, name string) (*ToolDef, error)
	List(ctx context.Context) ([]ToolDef, error)
	RecordRun(ctx context.Context, run Run) error
}

// SQLStore keeps tools and runs in Postgres.
type SQLStore struct {
	DB *sql.DB
}

func (s *SQLStore) Tool(ctx context.Context, name string) (*ToolDef, error) {
	var t ToolDef
	err := s.DB.QueryRowContext(ctx,
		`SELECT name, description, input_schema, endpoint FROM tools WHERE name = $1 AND enabled`, name,
	).Scan(&t.Name, &t.Description, &t.Schema, &t.Endpoint)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoTool
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func (s *SQLStore) List(ctx context.Context) ([]ToolDef, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT name, description, input_schema, endpoint FROM tools WHERE enabled ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ToolDef
	for rows.Next() {
		var t ToolDef
		if err := rows.Scan(&t.Name, &t.Description, &t.Schema, &t.Endpoint); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func (s *SQLStore) RecordRun(ctx context.Context, run Run) error {
	_, err := s.DB.ExecContext(ctx,
		`INSERT INTO tool_runs (id, tool, started_at, duration_ms, failed) VALUES ($1, $2, $3, $4, $5)`,
		run.ID.String(), run.Tool, run.Started, run.Duration.Milliseconds(), run.Failed)
	return err
}

// MemStore is used in tests and by the single-binary dev mode.
type MemStore struct {
	mu    sync.RWMutex
	tools map[string]ToolDef
	runs  []Run
}

func NewMemStore(tools ...ToolDef) *MemStore {
	m := &MemStore{tools: make(map[string]ToolDef, len(tools))}
	for _, t := range tools {
		m.tools[t.Name] = t
	}
	return m
}

func (m *MemStore) Tool(_ context.Context, name string) (*ToolDef, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	t, ok := m.tools[name]
	if !ok {
		return nil, ErrNoTool
	}
	return &t, nil
}

func (m *MemStore) List(_ context.Context) ([]ToolDef, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]ToolDef, 0, len(m.tools))
	for _, t := range m.tools {
		out = append(out, t)
	}
	return out, nil
}

func (m *MemStore) RecordRun(_ context.Context, run Run) error {
	m.mu.Lock()
	m.runs = append(m.runs, run)
	m.mu.Unlock()
	return nil
}
