// Package sonicproxy routes namespaced tools/call requests to the upstream MCP
// server that owns the tool.
package sonicproxy

import (
	"bytes"
	"io"
	"net/http"
	"time"

	"github.com/bytedance/sonic"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

type Proxy struct {
	reg    *Registry
	client *http.Client
}

func NewProxy(reg *Registry) *Proxy {
	return &Proxy{reg: reg, client: &http.Client{Timeout: 45 * time.Second}}
}

func (p *Proxy) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP, middleware.Recoverer)
	r.Post("/mcp/tools/call", p.callTool)
	return r
}

type callRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Method  string `json:"method"`
	Params  struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments,omitempty"`
		Meta      map[string]any `json:"_meta,omitempty"`
	} `json:"params"`
}

type rpcErrBody struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func fail(w http.ResponseWriter, status int, id any, code int, msg string) {
	b, _ := sonic.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": rpcErrBody{code, msg}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

func (p *Proxy) callTool(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	var req callRequest
	if err := sonic.Unmarshal(raw, &req); err != nil {
		fail(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	up, tool, ok := p.reg.Resolve(req.Params.Name)
	if !ok {
		fail(w, http.StatusNotFound, req.ID, -32602, "Unknown tool: "+req.Params.Name)
		return
	}

	req.Params.Name = tool
	body, err := sonic.Marshal(&req)
	if err != nil {
		fail(w, http.StatusBadRequest, req.ID, -32700, "Parse error")
		return
	}
	out, err := http.NewRequestWithContext(r.Context(), http.MethodPost, up.URL, bytes.NewReader(body))
	if err != nil {
		fail(w, http.StatusBadRequest, req.ID, -32600, "Invalid Request")
		return
	}
	out.Header.Set("Content-Type", "application/json")
	out.Header.Set("Accept", "application/json")
	if up.Token != "" {
		out.Header.Set("Authorization", "Bearer "+up.Token)
	}
	resp, err := p.client.Do(out)
	if err != nil {
		fail(w, http.StatusBadGateway, req.ID, -32603, "upstream "+up.Prefix+" unreachable")
		return
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(resp.Body)
	if err != nil {
		fail(w, http.StatusBadGateway, req.ID, -32603, "upstream "+up.Prefix+" closed the connection")
		return
	}

	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.StatusCode)
	w.Write(reply)
}
