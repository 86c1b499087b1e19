package echoapi

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var ErrPromptNotFound = errors.New("prompt not found")

type Prompt struct {
	Name        string
	Description string
	Template    string
	UpdatedAt   time.Time
}

// PromptService is the business layer behind prompts/get and prompts/list.
type PromptService interface {
	Get(ctx context.Context, name string) (*Prompt, error)
	List(ctx context.Context, cursor string, limit int) ([]Prompt, string, error)
}

type sqlPromptService struct {
	db *sql.DB
}

func NewSQLPromptService(db *sql.DB) PromptService { return &sqlPromptService{db: db} }

func (s *sqlPromptService) Get(ctx context.Context, name string) (*Prompt, error) {
	p := &Prompt{}
	err := s.db.QueryRowContext(ctx,
		`SELECT name, description, template, updated_at FROM prompts WHERE name = ?`, name).
		Scan(&p.Name, &p.Description, &p.Template, &p.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrPromptNotFound
	}
	return p, err
}

func (s *sqlPromptService) List(ctx context.Context, cursor string, limit int) ([]Prompt, string, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT name, description FROM prompts WHERE name > ? ORDER BY name LIMIT ?`, cursor, limit+1)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	var out []Prompt
	for rows.Next() {
		var p Prompt
		if err := rows.Scan(&p.Name, &p.Description); err != nil {
			return nil, "", err
		}
		out = append(out, p)
	}
	next := ""
	if len(out) > limit {
		next = out[limit-1].Name
		out = out[:limit]
	}
	return out, next, rows.Err()
}
