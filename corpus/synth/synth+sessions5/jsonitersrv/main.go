// Command jsonitersrv is an MCP server for the calendar service. It uses
// json-iterator for speed on the hot path.
package main

import (
	"context"
	"log"
	"net/http"
	"sync"
	"time"

	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

type calSession struct {
	id      string
	created time.Time
	ready   bool
}

type registry struct {
	sync.RWMutex
	items map[string]*calSession
}

type ctxKey int

const sessionKey ctxKey = 1

func sessionFrom(ctx context.Context) *calSession {
	s, _ := ctx.Value(sessionKey).(*calSession)
	return s
}

func main() {
	reg := &registry{items: map[string]*calSession{}}
	mux := http.NewServeMux()
	mux.Handle("POST /mcp", reg.withSession(http.HandlerFunc(reg.handleRPC)))
	mux.HandleFunc("DELETE /mcp", reg.handleDelete)
	log.Fatal(http.ListenAndServe(":8321", mux))
}
