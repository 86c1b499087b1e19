package gw6

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

// link ties a downstream session to the upstream session opened for it.
type link struct {
	upstreamID string
	version    string
}

type Gateway struct {
	target string
	hc     *http.Client
	links  sync.Map // downstream id -> link
}

func New(target string) *Gateway {
	return &Gateway{target: target, hc: &http.Client{}}
}

func (g *Gateway) Routes() http.Handler {
	r := chi.NewRouter()
	r.Post("/mcp", g.post)
	r.Get("/mcp", g.stream)
	return r
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (g *Gateway) lookup(w http.ResponseWriter, r *http.Request) (string, link, bool) {
	down := r.Header.Get("Mcp-Session-Id")
	if down == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return "", link{}, false
	}
	v, ok := g.links.Load(down)
	if !ok {
		writeError(w, http.StatusUnauthorized, -32000, "Unauthorized: session expired")
		return "", link{}, false
	}
	return down, v.(link), true
}

func (g *Gateway) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	var head struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.target, bytes.NewReader(body))
	if err != nil {
		writeError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	up.Header.Set("Content-Type", "application/json")
	up.Header.Set("Accept", "application/json, text/event-stream")

	var downID string
	if head.Method != "initialize" {
		var l link
		var ok bool
		if downID, l, ok = g.lookup(w, r); !ok {
			return
		}
		up.Header.Set("Mcp-Session-Id", l.upstreamID)
		up.Header.Set("MCP-Protocol-Version", r.Header.Get("MCP-Protocol-Version"))
	}

	resp, err := g.hc.Do(up)
	if err != nil {
		writeError(w, http.StatusBadGateway, -32603, "Internal error")
		return
	}
	defer resp.Body.Close()

	if head.Method == "initialize" && resp.StatusCode == http.StatusOK {
		raw, _ := io.ReadAll(resp.Body)
		var res struct {
			Result struct {
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"result"`
		}
		_ = json.Unmarshal(raw, &res)
		downID = uuid.NewString()
		g.links.Store(downID, link{upstreamID: resp.Header.Get("Mcp-Session-Id"), version: res.Result.ProtocolVersion})
		w.Header().Set("Mcp-Session-Id", downID)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(raw)
		return
	}
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// stream relays the upstream's server-to-client SSE stream.
func (g *Gateway) stream(w http.ResponseWriter, r *http.Request) {
	_, l, ok := g.lookup(w, r)
	if !ok {
		return
	}
	up, err := http.NewRequestWithContext(r.Context(), http.MethodGet, g.target, nil)
	if err != nil {
		writeError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	up.Header.Set("Accept", "text/event-stream")
	up.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
	up.Header.Set("MCP-Protocol-Version", l.version)
	if lei := r.Header.Get("Last-Event-ID"); lei != "" {
		up.Header.Set("Last-Event-ID", lei)
	}
	resp, err := g.hc.Do(up)
	if err != nil {
		writeError(w, http.StatusBadGateway, -32603, "Internal error")
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(resp.StatusCode)
	flusher, _ := w.(http.Flusher)
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			_, _ = w.Write(buf[:n])
			if flusher != nil {
				flusher.Flush()
			}
		}
		if err != nil {
			return
		}
	}
}
