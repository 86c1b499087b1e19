// Package s30 is an MCP gateway in front of a single upstream server.
package s30

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"example.com/synth/mixed6/s30/links"
)

type Gateway struct {
	Upstream string
	HTTP     *http.Client
	Log      *slog.Logger
	Links    *links.Table
}

type frame struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		g.servePost(w, r)
	case http.MethodDelete:
		g.serveDelete(w, r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		rpcError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed", nil)
	}
}

func (g *Gateway) call(r *http.Request, method string, body []byte, upstreamID string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), method, g.Upstream, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" {
		req.Header.Set("Mcp-Protocol-Version", v)
	}
	if upstreamID != "" {
		req.Header.Set("Mcp-Session-Id", upstreamID)
	}
	return g.HTTP.Do(req)
}

func (g *Gateway) servePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rpcError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		rpcError(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON", nil)
		return
	}
	var f frame
	if err := json.Unmarshal(body, &f); err != nil || f.JSONRPC != "2.0" {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request: not a JSON-RPC 2.0 message", nil)
		return
	}

	var link *links.Link
	if f.Method != "initialize" {
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			rpcError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", f.ID)
			return
		}
		l, err := g.Links.Get(sid)
		if errors.Is(err, links.ErrNotFound) {
			rpcError(w, http.StatusNotFound, -32001, "Session not found", f.ID)
			return
		}
		if err != nil {
			g.Log.Error("session lookup", "err", err)
			rpcError(w, http.StatusInternalServerError, -32603, "Internal error", f.ID)
			return
		}
		link = l
	}

	upstreamID := ""
	if link != nil {
		upstreamID = link.UpstreamID
	}
	resp, err := g.call(r, http.MethodPost, body, upstreamID)
	if err != nil {
		g.Log.Error("upstream unreachable", "err", err, "method", f.Method)
		rpcError(w, http.StatusBadGateway, -32603, "Internal error", f.ID)
		return
	}
	defer resp.Body.Close()
	payload, err := io.ReadAll(resp.Body)
	if err != nil {
		g.Log.Error("upstream read", "err", err)
		rpcError(w, http.StatusBadGateway, -32603, "Internal error", f.ID)
		return
	}

	if link != nil && resp.StatusCode == http.StatusNotFound {
		g.Links.Delete(link.ClientID)
		rpcError(w, http.StatusNotFound, -32001, "Session not found", f.ID)
		return
	}
	if f.Method == "initialize" {
		var answer frame
		accepted := resp.StatusCode == http.StatusOK &&
			json.Unmarshal(payload, &answer) == nil && len(answer.Error) == 0 &&
			resp.Header.Get("Mcp-Session-Id") != ""
		if accepted {
			l := &links.Link{ClientID: rand.Text(), UpstreamID: resp.Header.Get("Mcp-Session-Id")}
			g.Links.Put(l)
			w.Header().Set("Mcp-Session-Id", l.ClientID)
		}
	}
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	w.Write(payload)
}

func (g *Gateway) serveDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	l, err := g.Links.Delete(sid)
	if err != nil {
		rpcError(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	if resp, err := g.call(r, http.MethodDelete, nil, l.UpstreamID); err != nil {
		g.Log.Warn("upstream delete failed", "err", err)
	} else {
		resp.Body.Close()
	}
	w.WriteHeader(http.StatusNoContent)
}

func rpcError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
