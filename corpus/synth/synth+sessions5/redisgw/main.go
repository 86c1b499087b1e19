// Command redisgw fronts an upstream MCP server and keeps session records
// in Redis so replicas can share them.
package main

import (
	"bytes"
	"context"
	"io"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/synth/sessions5/redisgw/httpapi"
	"example.com/synth/sessions5/redisgw/store"
)

type httpUpstream struct{ client *http.Client }

func (u httpUpstream) Dispatch(ctx context.Context, rec *store.Record, msg []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rec.Upstream, bytes.NewReader(msg))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := u.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

func main() {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	api := &httpapi.API{
		Store:    store.New(rdb, 2*time.Hour),
		Upstream: httpUpstream{client: &http.Client{Timeout: 30 * time.Second}},
		Target:   os.Getenv("UPSTREAM_URL"),
	}
	log.Fatal(http.ListenAndServe(":8088", api.Routes()))
}
