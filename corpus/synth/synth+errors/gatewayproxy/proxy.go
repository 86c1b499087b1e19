// Package gatewayproxy forwards MCP Streamable HTTP traffic to one upstream
// server, adding the gateway's credentials on the way.
package gatewayproxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// hopHeaders are not copied between the client and the upstream.
var hopHeaders = []string{"Connection", "Keep-Alive", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

type Config struct {
	Upstream    string
	BearerToken string
	MaxBody     int64
	Timeout     time.Duration
}

type Proxy struct {
	target *url.URL
	token  string
	limit  int64
	client *http.Client
}

func New(cfg Config) (*Proxy, error) {
	u, err := url.Parse(cfg.Upstream)
	if err != nil {
		return nil, err
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = 4 << 20
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 60 * time.Second
	}
	return &Proxy{target: u, token: cfg.BearerToken, limit: cfg.MaxBody, client: &http.Client{Timeout: cfg.Timeout}}, nil
}

type peek struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		p.passthrough(w, r, nil)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, p.limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeRPCErrorStatus(w, nil, http.StatusRequestEntityTooLarge, -32000, "request body too large")
			return
		}
		writeRPCErrorStatus(w, nil, http.StatusBadRequest, -32000, "could not read request body")
		return
	}
	p.passthrough(w, r, body)
}

func (p *Proxy) passthrough(w http.ResponseWriter, r *http.Request, body []byte) {
	var id json.RawMessage
	if bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")) {
		var msg peek
		_ = json.Unmarshal(body, &msg)
		id = msg.ID
	}
	out, err := http.NewRequestWithContext(r.Context(), r.Method, p.target.String(), bytes.NewReader(body))
	if err != nil {
		writeRPCError(w, id, internalError, "could not build upstream request")
		return
	}
	copyHeaders(out.Header, r.Header)
	out.Header.Del("Authorization")
	if p.token != "" {
		out.Header.Set("Authorization", "Bearer "+p.token)
	}

	resp, err := p.client.Do(out)
	if err != nil {
		log.Printf("gatewayproxy: %s %s: %v", r.Method, p.target, err)
		writeRPCError(w, id, parseError, "upstream unavailable")
		return
	}
	defer resp.Body.Close()

	copyHeaders(w.Header(), resp.Header)
	ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if ct == "text/event-stream" {
		w.WriteHeader(resp.StatusCode)
		streamCopy(w, resp.Body)
		return
	}

	payload, err := io.ReadAll(resp.Body)
	if err != nil {
		writeRPCErrorStatus(w, id, http.StatusBadGateway, internalError, "upstream response could not be read")
		return
	}
	if ct == "application/json" && len(payload) > 0 && !json.Valid(payload) {
		log.Printf("gatewayproxy: upstream sent %d bytes that are not JSON", len(payload))
		writeRPCError(w, id, parseError, "invalid JSON from upstream")
		return
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(payload)
}

func copyHeaders(dst, src http.Header) {
	for k, vv := range src {
		if isHop(k) {
			continue
		}
		for _, v := range vv {
			dst.Add(k, v)
		}
	}
}

func isHop(k string) bool {
	for _, h := range hopHeaders {
		if strings.EqualFold(h, k) {
			return true
		}
	}
	return false
}

func streamCopy(w http.ResponseWriter, src io.Reader) {
	f, _ := w.(http.Flusher)
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			if f != nil {
				f.Flush()
			}
		}
		if err != nil {
			return
		}
	}
}
