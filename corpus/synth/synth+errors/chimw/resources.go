// Package chimw serves documents from a blob store as MCP resources.
package chimw

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// BlobStore opens documents by their resource URI path.
type BlobStore interface {
	Open(ctx context.Context, name string) (io.ReadCloser, error)
	List(ctx context.Context) ([]string, error)
}

// DirStore is a BlobStore over a local directory.
type DirStore struct{ Root string }

func (d DirStore) Open(_ context.Context, name string) (io.ReadCloser, error) {
	clean := filepath.Clean("/" + name)
	return os.Open(filepath.Join(d.Root, clean))
}

func (d DirStore) List(_ context.Context) ([]string, error) {
	var names []string
	err := filepath.WalkDir(d.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(d.Root, p)
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	return names, err
}

type Resources struct {
	blobs BlobStore
}

func NewRouter(blobs BlobStore) http.Handler {
	res := &Resources{blobs: blobs}
	r := chi.NewRouter()
	r.Use(middleware.RequestID, Recover, DecodeRPC(2<<20))
	r.Post("/mcp", Adapt(res.serve))
	return r
}

func (h *Resources) serve(w http.ResponseWriter, r *http.Request) error {
	msg := messageFrom(r.Context())
	if msg == nil {
		return &apiError{status: http.StatusBadRequest, code: codeBadRequest, msg: "Invalid Request"}
	}
	switch msg.Method {
	case "resources/list":
		names, err := h.blobs.List(r.Context())
		if err != nil {
			return err
		}
		out := make([]map[string]string, 0, len(names))
		for _, n := range names {
			out = append(out, map[string]string{"uri": "doc:///" + n, "name": path.Base(n)})
		}
		writeJSON(w, http.StatusOK, envelope{JSONRPC: "2.0", ID: msg.ID, Result: map[string]any{"resources": out}})
		return nil
	case "resources/read":
		return h.read(w, r, msg)
	default:
		return &apiError{status: http.StatusNotFound, code: -32601, msg: "Method not found"}
	}
}

func (h *Resources) read(w http.ResponseWriter, r *http.Request, msg *rpcMessage) error {
	var p struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(msg.Params, &p); err != nil || !strings.HasPrefix(p.URI, "doc:///") {
		return &apiError{status: http.StatusBadRequest, code: codeBadParams, msg: "uri must be a doc:/// URI"}
	}
	name := strings.TrimPrefix(p.URI, "doc:///")
	rc, err := h.blobs.Open(r.Context(), name)
	if errors.Is(err, fs.ErrNotExist) {
		return &apiError{status: http.StatusNotFound, code: codeNoResource, msg: "Resource not found", err: err}
	}
	if err != nil {
		return &apiError{status: http.StatusInternalServerError, code: codeBadParams, msg: "could not open " + p.URI, err: err}
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		return &apiError{status: http.StatusInternalServerError, code: codeInternal, msg: "read failed", err: err}
	}
	mt := mime.TypeByExtension(path.Ext(name))
	if mt == "" {
		mt = "text/plain"
	}
	writeJSON(w, http.StatusOK, envelope{JSONRPC: "2.0", ID: msg.ID, Result: map[string]any{
		"contents": []map[string]string{{"uri": p.URI, "mimeType": mt, "text": string(data)}},
	}})
	return nil
}
