package t08

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"example.com/synth/mixed7/t08/store"
)

type sessionCtx struct{}

type rpcReq struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

type App struct {
	Cache *store.TTLCache
}

func writeErr(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": message}})
}

func (a *App) Router() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/mcp/initialize", a.initialize).Methods("POST")
	sub := r.PathPrefix("/mcp").Subrouter()
	sub.Use(a.withSession)
	sub.HandleFunc("", a.rpc).Methods("POST")
	sub.HandleFunc("", a.close).Methods("DELETE")
	return r
}

func (a *App) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
			return
		}
		sess, err := a.Cache.Get(id)
		switch {
		case errors.Is(err, store.ErrExpired):
			writeErr(w, http.StatusGone, -32001, "session expired")
			return
		case err != nil:
			writeErr(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		ctx := context.WithValue(r.Context(), sessionCtx{}, sess)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func (a *App) initialize(w http.ResponseWriter, r *http.Request) {
	var req rpcReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sess := a.Cache.Put(uuid.NewString())
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
}

func (a *App) rpc(w http.ResponseWriter, r *http.Request) {
	sess, _ := r.Context().Value(sessionCtx{}).(*store.Session)
	var req rpcReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"session": sess.ID}})
}

func (a *App) close(w http.ResponseWriter, r *http.Request) {
	sess, _ := r.Context().Value(sessionCtx{}).(*store.Session)
	a.Cache.Delete(sess.ID)
	w.WriteHeader(http.StatusNoContent)
}
