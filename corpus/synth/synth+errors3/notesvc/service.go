package notesvc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-playground/validator/v10"
)

// ErrInvalid marks errors caused by the caller's input.
var ErrInvalid = errors.New("invalid input")

type CreateInput struct {
	URI      string `json:"uri" validate:"required,uri"`
	Title    string `json:"title" validate:"required,max=200"`
	Body     string `json:"body" validate:"max=65536"`
	MimeType string `json:"mimeType" validate:"omitempty,oneof=text/plain text/markdown"`
}

type Service struct {
	store    DocumentStore
	validate *validator.Validate
}

func NewService(store DocumentStore) *Service {
	return &Service{store: store, validate: validator.New()}
}

func (s *Service) Read(ctx context.Context, uri string) (*Document, error) {
	if !strings.HasPrefix(uri, "notes://") {
		return nil, fmt.Errorf("%w: unsupported scheme in %q", ErrInvalid, uri)
	}
	return s.store.Get(ctx, uri)
}

func (s *Service) Create(ctx context.Context, in CreateInput) error {
	if in.MimeType == "" {
		in.MimeType = "text/plain"
	}
	return s.store.Insert(ctx, &Document{URI: in.URI, Title: in.Title, Body: in.Body, MimeType: in.MimeType})
}

func (s *Service) Validate(in CreateInput) error {
	return s.validate.Struct(in)
}
