package notesvc

import (
	"encoding/json"
	"errors"
	"net/http"
)

type rpcReq struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type Handler struct {
	svc *Service
}

func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func writeError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req rpcReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	switch req.Method {
	case "resources/read":
		h.readResource(w, r, req)
	case "tools/call":
		h.createNote(w, r, req)
	default:
		writeError(w, http.StatusNotFound, req.ID, -32601, "Method not found")
	}
}

func (h *Handler) readResource(w http.ResponseWriter, r *http.Request, req rpcReq) {
	var p struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeError(w, http.StatusBadRequest, req.ID, -32602, "Invalid params")
		return
	}
	doc, err := h.svc.Read(r.Context(), p.URI)
	switch {
	case errors.Is(err, ErrNotFound):
		writeError(w, http.StatusNotFound, req.ID, -32002, "Resource not found")
		return
	case errors.Is(err, ErrInvalid):
		writeError(w, http.StatusBadRequest, req.ID, -32602, err.Error())
		return
	case err != nil:
		writeError(w, http.StatusBadRequest, req.ID, -32602, err.Error())
		return
	}
	writeResult(w, req.ID, map[string]any{
		"contents": []any{map[string]any{"uri": doc.URI, "mimeType": doc.MimeType, "text": doc.Body}},
	})
}

func (h *Handler) createNote(w http.ResponseWriter, r *http.Request, req rpcReq) {
	var p struct {
		Name      string      `json:"name"`
		Arguments CreateInput `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeError(w, http.StatusBadRequest, req.ID, -32602, "Invalid params")
		return
	}
	if err := h.svc.Validate(p.Arguments); err != nil {
		writeError(w, http.StatusBadRequest, req.ID, -32602, "Invalid params: "+err.Error())
		return
	}
	if err := h.svc.Create(r.Context(), p.Arguments); err != nil {
		writeError(w, http.StatusInternalServerError, req.ID, -32603, "could not save note")
		return
	}
	writeResult(w, req.ID, map[string]any{
		"content": []any{map[string]any{"type": "text", "text": "created " + p.Arguments.URI}},
	})
}
