package muxgw

import (
	"io"
	"net/http"
	"time"

	"github.com/gorilla/mux"
	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

var (
	statusClientError = http.StatusBadRequest
	statusBadGateway  = http.StatusBadGateway
)

type envelope struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id,omitempty"`
	Method  string              `json:"method,omitempty"`
	Params  jsoniter.RawMessage `json:"params,omitempty"`
	Result  jsoniter.RawMessage `json:"result,omitempty"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

type Gateway struct {
	backends map[string]*backend
}

func NewGateway(urls map[string]string) *Gateway {
	g := &Gateway{backends: map[string]*backend{}}
	client := &http.Client{Timeout: 45 * time.Second}
	for name, u := range urls {
		g.backends[name] = &backend{name: name, url: u, client: client}
	}
	return g
}

func (g *Gateway) Routes(r *mux.Router) {
	r.HandleFunc("/servers/{name}/mcp", g.proxy).Methods(http.MethodPost)
}

func rpcFail(w http.ResponseWriter, status int, id jsoniter.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = jsoniter.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func (g *Gateway) proxy(w http.ResponseWriter, r *http.Request) {
	be, ok := g.backends[mux.Vars(r)["name"]]
	if !ok {
		rpcFail(w, http.StatusNotFound, nil, -32000, "unknown server")
		return
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<20))
	if err != nil {
		rpcFail(w, http.StatusRequestEntityTooLarge, nil, -32000, "request body too large")
		return
	}
	var in envelope
	if err := json.Unmarshal(raw, &in); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`))
		return
	}

	reply, err := be.post(r.Context(), r.Header.Get("Mcp-Session-Id"), raw)
	if err != nil {
		rpcFail(w, statusClientError, in.ID, -32700, err.Error())
		return
	}
	if reply.status >= 500 {
		rpcFail(w, statusBadGateway, in.ID, -32603, "backend "+be.name+" failed")
		return
	}
	if reply.sessionID != "" {
		w.Header().Set("Mcp-Session-Id", reply.sessionID)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(reply.status)
	w.Write(reply.body)
}
