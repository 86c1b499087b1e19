package t24

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"example.com/synth/mixed7/t24/rpc"
)

type clientKey struct{}

// Gateway gives each client its own session and maps it onto one upstream session.
type Gateway struct {
	upstreamURL string
	hc          *http.Client
	log         *slog.Logger

	mu       sync.Mutex
	upstream map[string]string // client session -> upstream session
}

func New(upstream string, log *slog.Logger) *Gateway {
	return &Gateway{upstreamURL: upstream, hc: http.DefaultClient, log: log, upstream: map[string]string{}}
}

func (g *Gateway) Router() http.Handler {
	r := chi.NewRouter()
	r.Post("/mcp/initialize", g.initialize)
	r.With(g.clientSession).Post("/mcp", g.forward)
	return r
}

func (g *Gateway) clientSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			rpc.Error(w, http.StatusBadRequest, rpc.ServerError, "Bad Request: Mcp-Session-Id header is required")
			return
		}
		g.mu.Lock()
		up, ok := g.upstream[id]
		g.mu.Unlock()
		if !ok {
			rpc.Error(w, http.StatusNotFound, rpc.SessionMissing, "Session not found")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, up)))
	})
}

func (g *Gateway) post(ctx context.Context, body []byte, upSession string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.upstreamURL, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if upSession != "" {
		req.Header.Set("Mcp-Session-Id", upSession)
	}
	return g.hc.Do(req)
}

func (g *Gateway) initialize(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rpc.Error(w, http.StatusBadRequest, rpc.ServerError, "Bad Request: the request body could not be read")
		return
	}
	if !json.Valid(body) {
		rpc.Error(w, http.StatusBadRequest, rpc.ParseError, "Parse error: body is not valid JSON")
		return
	}
	resp, err := g.post(r.Context(), body, "")
	if err != nil {
		g.log.Error("upstream initialize", "err", err)
		rpc.Error(w, http.StatusBadGateway, rpc.InternalError, "Internal error")
		return
	}
	defer resp.Body.Close()
	upID := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || upID == "" {
		g.log.Warn("upstream refused initialize", "status", resp.Status)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
		return
	}
	clientID := uuid.NewString()
	g.mu.Lock()
	g.upstream[clientID] = upID
	g.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", clientID)
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	io.Copy(w, resp.Body)
}

func (g *Gateway) forward(w http.ResponseWriter, r *http.Request) {
	upID := r.Context().Value(clientKey{}).(string)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rpc.Error(w, http.StatusBadRequest, rpc.ServerError, "Bad Request: the request body could not be read")
		return
	}
	resp, err := g.post(r.Context(), body, upID)
	if err != nil {
		g.log.Error("forward", "err", err)
		rpc.Error(w, http.StatusBadGateway, rpc.InternalError, "upstream unavailable")
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
