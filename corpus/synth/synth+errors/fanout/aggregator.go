// Package fanout aggregates several upstream MCP servers into one tool list.
package fanout

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

const (
	codeParse    = -32700
	codeRequest  = -32600
	codeParams   = -32602
	codeInternal = -32603
)

// gwError is what the aggregator's operations fail with; ServeHTTP writes it.
type gwError struct {
	Status int
	Code   int
	Msg    string
}

func (e *gwError) Error() string { return e.Msg }

type Aggregator struct {
	upstreams []Upstream
	client    *http.Client
	perCall   time.Duration
}

func NewAggregator(ups []Upstream) *Aggregator {
	return &Aggregator{upstreams: ups, client: &http.Client{}, perCall: 20 * time.Second}
}

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (a *Aggregator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var in inbound
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	if err := dec.Decode(&in); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			writeErr(w, nil, &gwError{http.StatusBadRequest, codeParse, "Parse error"})
			return
		}
		writeErr(w, nil, &gwError{http.StatusBadRequest, codeRequest, "Invalid Request"})
		return
	}

	var result any
	var err error
	switch in.Method {
	case "tools/list":
		result, err = a.listTools(r.Context())
	case "tools/call":
		var upstreamReply *rpcResponse
		upstreamReply, err = a.callTool(r.Context(), in)
		if err == nil {
			// The upstream's own answer, error or not, goes back as it came.
			upstreamReply.ID = in.ID
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusOK)
			json.NewEncoder(w).Encode(upstreamReply)
			return
		}
	default:
		err = &gwError{http.StatusNotFound, -32601, "Method not found"}
	}
	if err != nil {
		var ge *gwError
		if !errors.As(err, &ge) {
			ge = &gwError{http.StatusInternalServerError, codeInternal, "Internal error"}
		}
		writeErr(w, in.ID, ge)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": result})
}

func writeErr(w http.ResponseWriter, id json.RawMessage, e *gwError) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": e.Code, "message": e.Msg},
	})
}

func (a *Aggregator) listTools(ctx context.Context) (any, error) {
	type listed struct {
		Tools []map[string]any `json:"tools"`
	}
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		all      []map[string]any
		firstErr error
	)
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	for _, u := range a.upstreams {
		wg.Add(1)
		go func(u Upstream) {
			defer wg.Done()
			cctx, cancel := context.WithTimeout(ctx, a.perCall)
			defer cancel()
			resp, err := post(cctx, a.client, u, body)
			var l listed
			if err == nil && resp.Error == nil {
				err = json.Unmarshal(resp.Result, &l)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			for _, t := range l.Tools {
				t["name"] = u.Prefix + "__" + t["name"].(string)
				all = append(all, t)
			}
		}(u)
	}
	wg.Wait()
	if firstErr != nil {
		return nil, &gwError{http.StatusBadGateway, codeInternal, "an upstream failed to list its tools"}
	}
	return map[string]any{"tools": all}, nil
}

func (a *Aggregator) callTool(ctx context.Context, in inbound) (*rpcResponse, error) {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(in.Params, &p); err != nil {
		return nil, &gwError{http.StatusBadRequest, codeParams, "params must be an object"}
	}
	var name string
	if err := json.Unmarshal(p["name"], &name); err != nil {
		return nil, &gwError{http.StatusBadRequest, codeParams, "name must be a string"}
	}
	prefix, tool, ok := strings.Cut(name, "__")
	if !ok {
		return nil, &gwError{http.StatusNotFound, codeParams, "unknown tool " + name}
	}
	var target *Upstream
	for i := range a.upstreams {
		if a.upstreams[i].Prefix == prefix {
			target = &a.upstreams[i]
		}
	}
	if target == nil {
		return nil, &gwError{http.StatusNotFound, codeParams, "unknown tool " + name}
	}

	toolName, _ := json.Marshal(tool)
	p["name"] = toolName
	params, _ := json.Marshal(p)
	body, _ := json.Marshal(inbound{JSONRPC: "2.0", ID: in.ID, Method: "tools/call", Params: params})

	cctx, cancel := context.WithTimeout(ctx, a.perCall)
	defer cancel()
	resp, err := post(cctx, a.client, *target, body)
	switch {
	case err == nil:
		return resp, nil
	case errors.Is(err, errNotJSON):
		return nil, &gwError{http.StatusBadGateway, codeParse, "upstream " + prefix + " returned malformed JSON"}
	case errors.Is(err, context.DeadlineExceeded):
		return nil, &gwError{http.StatusBadRequest, codeInternal, "upstream " + prefix + " timed out"}
	default:
		return nil, &gwError{http.StatusBadGateway, codeInternal, "upstream " + prefix + " failed"}
	}
}
