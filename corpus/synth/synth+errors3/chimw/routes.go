package chimw

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
)

type KV interface {
	Put(ctx context.Context, key, value string) error
	Get(ctx context.Context, key string) (string, bool, error)
}

type mapKV struct {
	mu sync.RWMutex
	m  map[string]string
}

func NewMapKV() KV { return &mapKV{m: map[string]string{}} }

func (k *mapKV) Put(_ context.Context, key, value string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m[key] = value
	return nil
}

func (k *mapKV) Get(_ context.Context, key string) (string, bool, error) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	v, ok := k.m[key]
	return v, ok, nil
}

type API struct{ kv KV }

func Router(kv KV) http.Handler {
	a := &API{kv: kv}
	r := chi.NewRouter()
	r.Use(Recoverer, MethodLogger)
	r.Post("/mcp", Handle(a.rpc))
	return r
}

type call struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Method  string `json:"method"`
	Params  struct {
		Name      string            `json:"name"`
		Arguments map[string]string `json:"arguments"`
	} `json:"params"`
}

func (a *API) rpc(w http.ResponseWriter, r *http.Request) error {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		return fmt.Errorf("%w: %v", ErrDecode, err)
	}
	if c.JSONRPC != "2.0" {
		return ErrNotJSONRPC
	}
	if c.Method != "tools/call" {
		return ErrUnknownTool
	}
	var text string
	switch c.Params.Name {
	case "kv_put":
		key := c.Params.Arguments["key"]
		if key == "" {
			return fmt.Errorf("%w: key is required", ErrBadParams)
		}
		if err := a.kv.Put(r.Context(), key, c.Params.Arguments["value"]); err != nil {
			return fmt.Errorf("%w: %v", ErrStore, err)
		}
		text = "ok"
	case "kv_get":
		v, ok, err := a.kv.Get(r.Context(), c.Params.Arguments["key"])
		if err != nil {
			return err
		}
		if !ok {
			text = "(not set)"
		} else {
			text = v
		}
	default:
		return ErrUnknownTool
	}
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      c.ID,
		"result":  map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}},
	})
}
