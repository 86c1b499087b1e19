// Package api is the HTTP face of the session service.
package api

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"

	"example.com/synth/sessions2/pgsession/service"
	"example.com/synth/sessions2/pgsession/store"
)

type Executor interface {
	Execute(ctx context.Context, sess *store.Row, method string, params json.RawMessage) (json.RawMessage, error)
}

type Handler struct {
	svc  *service.Service
	exec Executor
}

func NewHandler(svc *service.Service, exec Executor) *Handler { return &Handler{svc: svc, exec: exec} }

type call struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		writeFailure(w, nil, failure{http.StatusMethodNotAllowed, -32000, "Method not allowed"})
	}
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		writeFailure(w, nil, failure{http.StatusBadRequest, -32700, "Parse error"})
		return
	}
	ctx := r.Context()
	if c.Method == "initialize" {
		id := rand.Text()
		if err := h.svc.Start(ctx, id, tenantFrom(ctx), "2025-06-18"); err != nil {
			writeFailure(w, c.ID, classify(err))
			return
		}
		w.Header().Set("Mcp-Session-Id", id)
		writeResult(w, c.ID, json.RawMessage(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"pg-mcp","version":"3.0.0"}}`))
		return
	}

	sess, err := h.svc.Resume(ctx, r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		writeFailure(w, c.ID, classify(err))
		return
	}
	if c.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	out, err := h.exec.Execute(ctx, sess, c.Method, c.Params)
	if err != nil {
		writeFailure(w, c.ID, classify(err))
		return
	}
	writeResult(w, c.ID, out)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeFailure(w, nil, failure{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"})
		return
	}
	if err := h.svc.End(r.Context(), id); err != nil {
		writeFailure(w, nil, classify(err))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func writeResult(w http.ResponseWriter, id, result json.RawMessage) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

type tenantKey struct{}

func tenantFrom(ctx context.Context) string {
	t, _ := ctx.Value(tenantKey{}).(string)
	return t
}
