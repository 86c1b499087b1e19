// Package plainrpc is a stateless MCP endpoint for the docs search
// service. It never issues session ids: every POST stands alone.
package plainrpc

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
)

type Searcher interface {
	Search(ctx context.Context, query string, limit int) ([]Hit, error)
}

type Hit struct {
	Title string  `json:"title"`
	URL   string  `json:"url"`
	Score float64 `json:"score"`
}

type handler struct {
	search Searcher
}

func New(s Searcher) http.Handler { return &handler{search: s} }

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	default:
		w.Header().Set("Allow", "POST")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusMethodNotAllowed)
		io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed: this endpoint is stateless"},"id":null}`)
	}
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (h *handler) post(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnsupportedMediaType)
		io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Unsupported Media Type: expected application/json"},"id":null}`)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: the request body could not be read"},"id":null}`)
		return
	}
	if !json.Valid(body) {
		writeRPCError(w, nil, -32700, "Parse error")
		return
	}
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil || env.JSONRPC != "2.0" || env.Method == "" {
		writeRPCError(w, env.ID, -32600, "Invalid Request")
		return
	}
	if len(env.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	result, rerr := h.call(r.Context(), &env)
	if rerr != nil {
		writeRPCError(w, env.ID, rerr.Code, rerr.Message)
		return
	}
	writeRPCResult(w, env.ID, result)
}
