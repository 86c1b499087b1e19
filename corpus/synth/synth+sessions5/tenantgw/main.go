// Command tenantgw is a multi-tenant MCP gateway.
package main

import (
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"example.com/synth/sessions5/tenantgw/internal/store"
	"example.com/synth/sessions5/tenantgw/internal/transport"
)

func main() {
	r := chi.NewRouter()
	r.Use(middleware.RealIP, middleware.Logger, middleware.Recoverer)
	ep := &transport.Endpoint{
		Sessions: store.NewLRU(10_000),
		Log:      slog.New(slog.NewJSONHandler(os.Stdout, nil)),
		TTL:      8 * time.Hour,
	}
	ep.Mount(r)
	log.Fatal(http.ListenAndServe(":8443", r))
}
