// Package pgsessions is the MCP endpoint of the billing service; sessions
// live in PostgreSQL so deploys do not drop them.
package pgsessions

import (
	"encoding/json"
	"log"
	"net/http"
	"strconv"
)

type refusal int

const (
	refusalNoSession refusal = iota
	refusalUnknownSession
	refusalStoreDown
)

var refusals = map[refusal]struct {
	status  int
	code    int
	message string
}{
	refusalNoSession:      {http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"},
	refusalUnknownSession: {http.StatusUnauthorized, -32001, "Session not found"},
	refusalStoreDown:      {http.StatusServiceUnavailable, -32000, "Service Unavailable: try again"},
}

// Handler serves requests on established sessions; initialize is handled
// by the onboarding service, which shares the table.
type Handler struct {
	repo  *Repo
	serve func(w http.ResponseWriter, r *http.Request, s *Session)
}

func NewHandler(repo *Repo, serve func(http.ResponseWriter, *http.Request, *Session)) *Handler {
	return &Handler{repo: repo, serve: serve}
}

func (h *Handler) refuse(w http.ResponseWriter, why refusal) {
	ref := refusals[why]
	w.Header().Set("Content-Type", "application/json")
	if why == refusalStoreDown {
		w.Header().Set("Retry-After", strconv.Itoa(2))
	}
	w.WriteHeader(ref.status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": ref.code, "message": ref.message},
	})
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		h.refuse(w, refusalNoSession)
		return
	}
	if r.Method == http.MethodDelete {
		h.end(w, r, id)
		return
	}
	sess, err := h.repo.Find(r.Context(), id)
	if err != nil {
		log.Printf("pgsessions: find %s: %v", id, err)
		h.refuse(w, refusalStoreDown)
		return
	}
	if sess == nil {
		h.refuse(w, refusalUnknownSession)
		return
	}
	h.serve(w, r, sess)
}

func (h *Handler) end(w http.ResponseWriter, r *http.Request, id string) {
	ok, err := h.repo.Remove(r.Context(), id)
	if err != nil {
		h.refuse(w, refusalStoreDown)
		return
	}
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
