package muxrpc

import (
	"context"
	"database/sql"
	"errors"
)

var errNoResource = errors.New("resource not found")

type Resource struct {
	URI      string `json:"uri"`
	MimeType string `json:"mimeType,omitempty"`
	Text     string `json:"text,omitempty"`
}

// ResourceRepo reads resources by URI.
type ResourceRepo interface {
	Get(ctx context.Context, uri string) (*Resource, error)
}

type PGRepo struct{ DB *sql.DB }

func (p PGRepo) Get(ctx context.Context, uri string) (*Resource, error) {
	var res Resource
	err := p.DB.QueryRowContext(ctx, `select uri, mime_type, body from resources where uri = $1`, uri).
		Scan(&res.URI, &res.MimeType, &res.Text)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoResource
	}
	if err != nil {
		return nil, err
	}
	return &res, nil
}
