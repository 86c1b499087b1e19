package t21

import (
	"encoding/json"
	"log"
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"example.com/synth/mixed7/t21/store"
)

type Handler struct {
	Store *store.Store
}

type jsonRPC struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func (h *Handler) Mount(r *mux.Router) {
	r.Path("/mcp").Methods(http.MethodPost).HandlerFunc(h.serve)
}

func replyErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func reply(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (h *Handler) serve(w http.ResponseWriter, r *http.Request) {
	var m jsonRPC
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		replyErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	switch m.Method {
	case "initialize":
		st := &store.State{ID: uuid.NewString()}
		h.Store.Put(st)
		w.Header().Set("Mcp-Session-Id", st.ID)
		reply(w, m.ID, map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"resources": map[string]any{}}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		replyErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	st := h.Store.Get(sid)
	if st == nil {
		log.Printf("mcp: no state for session %q, continuing with empty state", sid)
		st = &store.State{ID: sid}
	}

	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch m.Method {
	case "resources/list":
		reply(w, m.ID, map[string]any{"resources": st.Resources})
	default:
		reply(w, m.ID, map[string]any{})
	}
}
