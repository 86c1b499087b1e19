// Package httpapi is the HTTP face of the session service.
package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"example.com/synth/sessions/layered/apperr"
	"example.com/synth/sessions/layered/service"
)

type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// errorMiddleware writes whatever error a handler returns.
func errorMiddleware(log *slog.Logger, h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		e := apperr.From(err)
		if e.Status >= 500 {
			log.Error("mcp request failed", "err", err, "path", r.URL.Path)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(e.Status)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"jsonrpc": "2.0",
			"id":      nil,
			"error":   map[string]any{"code": e.Code, "message": e.Message},
		})
	}
}

// Engine answers MCP messages for a session.
type Engine interface {
	Initialize(r *http.Request, body []byte) (result []byte, protocol string, err error)
	Handle(r *http.Request, s *service.Session, body []byte) ([]byte, error)
	Stream(w http.ResponseWriter, r *http.Request, s *service.Session) error
}

// API binds the service to HTTP.
type API struct {
	svc *service.Service
	eng Engine
	log *slog.Logger
}

func New(svc *service.Service, eng Engine, log *slog.Logger) *API {
	return &API{svc: svc, eng: eng, log: log}
}

func (a *API) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", errorMiddleware(a.log, a.post))
	mux.HandleFunc("GET /mcp", errorMiddleware(a.log, a.get))
	mux.HandleFunc("DELETE /mcp", errorMiddleware(a.log, a.delete))
	return mux
}

func account(r *http.Request) string { return r.Header.Get("X-Account") }

func (a *API) post(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<20))
	if err != nil {
		return apperr.New(http.StatusRequestEntityTooLarge, apperr.CodeServer, "Request body too large")
	}
	var head struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		return apperr.New(http.StatusBadRequest, -32700, "Parse error")
	}
	if head.Method == "initialize" {
		result, proto, err := a.eng.Initialize(r, body)
		if err != nil {
			return err
		}
		sess, err := a.svc.Open(r.Context(), account(r), proto)
		if err != nil {
			return err
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		w.Header().Set("Content-Type", "application/json")
		_, err = w.Write(result)
		return err
	}
	sess, err := a.svc.Resume(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		return err
	}
	out, err := a.eng.Handle(r, sess, body)
	if err != nil {
		return err
	}
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return nil
	}
	w.Header().Set("Content-Type", "application/json")
	_, err = w.Write(out)
	return err
}

func (a *API) get(w http.ResponseWriter, r *http.Request) error {
	sess, err := a.svc.Attach(r.Context(), r.Header.Get("Mcp-Session-Id"), account(r))
	if err != nil {
		return err
	}
	return a.eng.Stream(w, r, sess)
}

func (a *API) delete(w http.ResponseWriter, r *http.Request) error {
	if err := a.svc.End(r.Context(), r.Header.Get("Mcp-Session-Id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
