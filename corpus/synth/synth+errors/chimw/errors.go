package chimw

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
)

const (
	codeParse       = -32700
	codeBadRequest  = -32600
	codeBadParams   = -32602
	codeInternal    = -32603
	codeNoResource  = -32002
	codeServerError = -32000
)

type apiError struct {
	status int
	code   int
	msg    string
	err    error
}

func (e *apiError) Error() string {
	if e.err != nil {
		return e.msg + ": " + e.err.Error()
	}
	return e.msg
}

func (e *apiError) Unwrap() error { return e.err }

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   map[string]any  `json:"error,omitempty"`
	Result  any             `json:"result,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func errEnvelope(id json.RawMessage, code int, msg string) envelope {
	if id == nil {
		id = json.RawMessage("null")
	}
	return envelope{JSONRPC: "2.0", ID: id, Error: map[string]any{"code": code, "message": msg}}
}

// handlerFunc lets handlers return errors; Adapt turns them into answers.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func Adapt(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		id := requestID(r.Context())
		var ae *apiError
		if errors.As(err, &ae) {
			if ae.status >= 500 {
				slog.ErrorContext(r.Context(), "request failed", "err", err)
			}
			writeJSON(w, ae.status, errEnvelope(id, ae.code, ae.msg))
			return
		}
		slog.ErrorContext(r.Context(), "unhandled error", "err", err)
		writeJSON(w, http.StatusInternalServerError, errEnvelope(id, codeInternal, "Internal error"))
	}
}
