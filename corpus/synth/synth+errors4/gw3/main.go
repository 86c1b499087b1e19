// gw3 is the edge proxy in front of our internal MCP servers. It terminates
// TLS, enforces the body limit and forwards to the backend chosen by path.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log"
	"mime"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
)

const limit = 8 << 20

func jsonError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
	w.Write(b)
}

func newProxy(target *url.URL, name string) *httputil.ReverseProxy {
	p := httputil.NewSingleHostReverseProxy(target)
	p.FlushInterval = -1 // stream SSE responses through unbuffered
	p.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			jsonError(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 8 MiB")
		case errors.Is(err, context.Canceled):
			// client went away; nobody to answer
		default:
			log.Printf("proxy %s: %v", name, err)
			jsonError(w, http.StatusBadRequest, -32700, "Parse error")
		}
	}
	return p
}

// guard rejects obviously malformed POSTs before they reach a backend, so
// backends only ever see JSON.
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			jsonError(w, http.StatusUnsupportedMediaType, -32000, "Unsupported Media Type: expected application/json")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				jsonError(w, http.StatusBadRequest, -32000, "Bad Request: body exceeds 8 MiB")
				return
			}
			jsonError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
			return
		}
		if !json.Valid(body) {
			jsonError(w, http.StatusBadRequest, -32600, "Invalid Request")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		next.ServeHTTP(w, r)
	})
}

func main() {
	listen := flag.String("listen", ":8443", "listen address")
	backends := flag.String("backends", "search=http://10.0.0.12:9000/mcp,files=http://10.0.0.13:9000/mcp", "name=url,...")
	cert := flag.String("cert", "server.crt", "TLS certificate")
	key := flag.String("key", "server.key", "TLS key")
	flag.Parse()

	mux := http.NewServeMux()
	for _, kv := range strings.Split(*backends, ",") {
		name, raw, ok := strings.Cut(kv, "=")
		if !ok {
			log.Fatalf("bad backend %q", kv)
		}
		u, err := url.Parse(raw)
		if err != nil {
			log.Fatal(err)
		}
		mux.Handle("/"+name+"/mcp", http.StripPrefix("/"+name, guard(newProxy(u, name))))
	}
	log.Fatal(http.ListenAndServeTLS(*listen, *cert, *key, mux))
}
