// Package notesvc serves team notes as MCP resources.
package notesvc

import (
	"encoding/json"
	"errors"
	"net/http"
)

const (
	codeInvalidRequest = -32600
	codeInvalidParams  = -32602
	codeNotFound       = -32002
)

type Handler struct{ svc *Service }

func New(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) Register(mux *http.ServeMux) {
	mux.Handle("POST /mcp/notes", h)
}

func writeError(w http.ResponseWriter, id json.RawMessage, status, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
		Params  struct {
			URI string `json:"uri"`
		} `json:"params"`
	}
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		writeError(w, nil, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if err := json.Unmarshal(raw, &req); err != nil || req.JSONRPC != "2.0" {
		writeError(w, nil, http.StatusBadRequest, codeInvalidRequest, "Invalid Request")
		return
	}
	if req.Method != "resources/read" {
		writeError(w, req.ID, http.StatusNotFound, -32601, "Method not found")
		return
	}

	note, err := h.svc.Read(r.Context(), req.Params.URI)
	switch {
	case errors.Is(err, ErrBadURI):
		writeError(w, req.ID, http.StatusBadRequest, codeInvalidParams, err.Error())
		return
	case errors.Is(err, ErrNotFound):
		writeError(w, req.ID, http.StatusNotFound, codeNotFound, "Resource not found")
		return
	case err != nil:
		writeError(w, req.ID, http.StatusBadRequest, codeInvalidParams, err.Error())
		return
	}

	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result": map[string]any{"contents": []map[string]string{{
			"uri": req.Params.URI, "mimeType": "text/markdown", "text": note.Body,
		}}},
	})
}
