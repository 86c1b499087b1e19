// Package srv13 serves the geocoding tools (geocode, reverse_geocode) over
// MCP. JSON-response mode only.
package srv13

import (
	"context"
	"log"
	"net/http"

	"github.com/go-chi/chi/v5"
	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigFastest

type Geocoder interface {
	Geocode(ctx context.Context, address string) (lat, lng float64, err error)
}

type rpcRequest struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id"`
	Method  string              `json:"method"`
	Params  jsoniter.RawMessage `json:"params"`
}

type geocodeArgs struct {
	Address string `json:"address"`
}

type API struct {
	Geo Geocoder
}

func respond(w http.ResponseWriter, status int, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	stream := json.BorrowStream(w)
	defer json.ReturnStream(stream)
	stream.WriteVal(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
	stream.Flush()
}

func recoverJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if rec := recover(); rec != nil {
				log.Printf("panic: %v", rec)
				respond(w, http.StatusInternalServerError, -32603, "Internal error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (a *API) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(recoverJSON)
	r.Post("/mcp", a.post)
	return r
}

func (a *API) post(w http.ResponseWriter, r *http.Request) {
	var req rpcRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		respond(w, http.StatusInternalServerError, -32603, "internal error decoding request")
		return
	}
	if req.Method == "" {
		respond(w, http.StatusBadRequest, 0, "invalid request: method is required")
		return
	}
	if req.Method != "tools/call" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	var call struct {
		Name      string      `json:"name"`
		Arguments geocodeArgs `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params, &call); err != nil || call.Arguments.Address == "" {
		respond(w, http.StatusBadRequest, -32603, "invalid arguments")
		return
	}
	lat, lng, err := a.Geo.Geocode(r.Context(), call.Arguments.Address)
	if err != nil {
		panic(err) // recovered by recoverJSON
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": req.ID,
		"result": map[string]any{"structuredContent": map[string]float64{"lat": lat, "lng": lng}},
	})
}
