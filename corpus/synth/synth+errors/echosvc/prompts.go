package echosvc

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

var errPromptNotFound = errors.New("prompt not found")

type Prompt struct {
	Name      string
	Template  string
	Arguments []string
}

type PromptRepo interface {
	Get(ctx context.Context, name string) (*Prompt, error)
	Names(ctx context.Context) ([]string, error)
}

type sqlPromptRepo struct{ db *sql.DB }

func NewSQLPromptRepo(db *sql.DB) PromptRepo { return &sqlPromptRepo{db: db} }

func (r *sqlPromptRepo) Get(ctx context.Context, name string) (*Prompt, error) {
	var p Prompt
	var args string
	err := r.db.QueryRowContext(ctx, `SELECT name, template, arguments FROM prompts WHERE name = ?`, name).
		Scan(&p.Name, &p.Template, &args)
	if err == sql.ErrNoRows {
		return nil, errPromptNotFound
	}
	if err != nil {
		return nil, err
	}
	if args != "" {
		p.Arguments = strings.Split(args, ",")
	}
	return &p, nil
}

func (r *sqlPromptRepo) Names(ctx context.Context) ([]string, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT name FROM prompts ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

// render fills {{arg}} placeholders.
func render(p *Prompt, args map[string]string) string {
	out := p.Template
	for _, a := range p.Arguments {
		out = strings.ReplaceAll(out, "{{"+a+"}}", args[a])
	}
	return out
}
