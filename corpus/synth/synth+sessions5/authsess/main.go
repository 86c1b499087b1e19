// Command authsess serves MCP resources to authenticated users.
package main

import (
	"context"
	"errors"
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/redis/go-redis/v9"

	"example.com/synth/sessions5/authsess/internal/authz"
	"example.com/synth/sessions5/authsess/internal/sessstore"
	"example.com/synth/sessions5/authsess/mcphttp"
)

type staticTokens map[string]string

func (t staticTokens) Verify(_ context.Context, token string) (*authz.Principal, error) {
	sub, ok := t[token]
	if !ok {
		return nil, errors.New("unknown token")
	}
	return &authz.Principal{Subject: sub}, nil
}

func main() {
	rdb := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{os.Getenv("REDIS_ADDR")}})
	h := &mcphttp.Handler{
		Store: &sessstore.Store{R: rdb, TTL: 12 * time.Hour},
		Log:   slog.Default(),
	}
	r := chi.NewRouter()
	r.Use(authz.Middleware(staticTokens{os.Getenv("DEV_TOKEN"): "dev"}))
	h.Routes(r)
	log.Fatal(http.ListenAndServe(":8444", r))
}
