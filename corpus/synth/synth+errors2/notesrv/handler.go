// Package notesrv exposes notes as MCP resources and a write_note tool.
package notesrv

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"example.com/synth/errors2/apierr"
	"github.com/go-playground/validator/v10"
)

type Handler struct {
	svc      *Service
	cache    Cache
	validate *validator.Validate
}

func NewHandler(svc *Service, cache Cache) http.Handler {
	h := &Handler{svc: svc, cache: cache, validate: validator.New(validator.WithRequiredStructEnabled())}
	return apierr.Handle(h.serve)
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type writeNoteArgs struct {
	ID    string `json:"id" validate:"required,alphanum,max=64"`
	Title string `json:"title" validate:"required,max=200"`
	Body  string `json:"body" validate:"max=65536"`
}

func (h *Handler) serve(w http.ResponseWriter, r *http.Request) error {
	var req rpcRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return apierr.Parse(err)
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		return apierr.InvalidRequest("not a JSON-RPC 2.0 request").WithID(req.ID)
	}
	var result any
	var err error
	switch req.Method {
	case "resources/read":
		result, err = h.read(r, req.Params)
	case "tools/call":
		result, err = h.writeNote(r, req.Params)
	default:
		return (&apierr.Error{Status: http.StatusNotFound, Code: -32601, Message: "Method not found"}).WithID(req.ID)
	}
	if err != nil {
		if e, ok := err.(*apierr.Error); ok {
			return e.WithID(req.ID)
		}
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func (h *Handler) read(r *http.Request, raw json.RawMessage) (any, error) {
	var p struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, apierr.InvalidParams("uri", err)
	}
	id, ok := strings.CutPrefix(p.URI, "note://")
	if !ok {
		return nil, apierr.InvalidParams("unsupported uri scheme", nil)
	}

	if cached, err := h.cache.Get(r.Context(), "note:"+id); err == nil && cached != nil {
		var n Note
		if err := json.Unmarshal(cached, &n); err != nil {
			return nil, apierr.Parse(err)
		}
		return contents(&n), nil
	}

	n, err := h.svc.Read(r.Context(), id)
	if err != nil {
		return nil, err
	}
	if b, err := json.Marshal(n); err == nil {
		_ = h.cache.Set(r.Context(), "note:"+id, b, 5*time.Minute)
	}
	return contents(n), nil
}

func contents(n *Note) map[string]any {
	return map[string]any{"contents": []map[string]string{{
		"uri": "note://" + n.ID, "mimeType": "text/markdown", "text": "# " + n.Title + "\n\n" + n.Body,
	}}}
}

func (h *Handler) writeNote(r *http.Request, raw json.RawMessage) (any, error) {
	var p struct {
		Name      string        `json:"name"`
		Arguments writeNoteArgs `json:"arguments"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, apierr.InvalidParams("arguments", err)
	}
	if p.Name != "write_note" {
		return nil, apierr.InvalidParams("unknown tool "+p.Name, nil)
	}
	if err := h.validate.Struct(p.Arguments); err != nil {
		return nil, apierr.InvalidParams(err.Error(), nil)
	}
	n := &Note{ID: p.Arguments.ID, Title: p.Arguments.Title, Body: p.Arguments.Body}
	if err := h.svc.Write(r.Context(), n); err != nil {
		return nil, err
	}
	return map[string]any{"content": []map[string]string{{"type": "text", "text": "saved " + n.ID}}}, nil
}
