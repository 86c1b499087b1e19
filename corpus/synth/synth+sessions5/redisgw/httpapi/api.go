// Package httpapi is the gateway's Streamable HTTP front end.
package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"example.com/synth/sessions5/redisgw/store"
)

// Dispatcher forwards one JSON-RPC message to the upstream tool server for
// a session and returns the raw JSON-RPC response.
type Dispatcher interface {
	Dispatch(ctx context.Context, rec *store.Record, msg []byte) ([]byte, error)
}

type API struct {
	Store    *store.RedisStore
	Upstream Dispatcher
	Target   string
}

func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Use(middleware.Timeout(60 * time.Second))
	r.Post("/mcp", a.post)
	r.Delete("/mcp", a.del)
	return r
}

type peek struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (a *API) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		writeErr(w, http.StatusBadRequest, -32000, "could not read body")
		return
	}
	var p peek
	if err := json.Unmarshal(body, &p); err != nil {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	if p.Method == "initialize" {
		a.initialize(w, r, body)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	rec, err := a.Store.Load(r.Context(), sid)
	if err != nil {
		writeErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	a.forward(w, r, rec, body)
}

func (a *API) initialize(w http.ResponseWriter, r *http.Request, body []byte) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		sid = uuid.NewString()
	}
	rec := &store.Record{ID: sid, Upstream: a.Target, Created: time.Now().UTC()}
	if err := a.Store.Save(r.Context(), rec); err != nil {
		log.Printf("redisgw: save session: %v", err)
		writeErr(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}

	resp, err := a.Upstream.Dispatch(r.Context(), rec, body)
	if err != nil {
		log.Printf("redisgw: upstream initialize: %v", err)
		writeErr(w, http.StatusBadGateway, -32603, "upstream unavailable")
		return
	}
	var out envelope
	if err := json.Unmarshal(resp, &out); err == nil && out.Error != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write(resp)
		return
	}
	w.Header().Set("Mcp-Session-Id", sid)
	w.Header().Set("Content-Type", "application/json")
	w.Write(resp)
}

func (a *API) forward(w http.ResponseWriter, r *http.Request, rec *store.Record, body []byte) {
	resp, err := a.Upstream.Dispatch(r.Context(), rec, body)
	if err != nil {
		writeErr(w, http.StatusBadGateway, -32603, "upstream unavailable")
		return
	}
	if len(bytes.TrimSpace(resp)) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(resp)
}

func (a *API) del(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	found, err := a.Store.Remove(r.Context(), sid)
	if err != nil {
		log.Printf("redisgw: delete %s: %v", sid, err)
		writeErr(w, http.StatusServiceUnavailable, -32000, "Service Unavailable: session store")
		return
	}
	if !found {
		writeErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusOK)
}
