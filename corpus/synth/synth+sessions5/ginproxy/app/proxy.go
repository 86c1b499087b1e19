// Package app is the authenticated MCP proxy in front of per-team upstream
// servers.
package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"example.com/synth/sessions5/ginproxy/pkg/rpc"
	"example.com/synth/sessions5/ginproxy/pkg/session"
)

type Proxy struct {
	Store     session.Store
	Upstreams map[string]string // team -> URL
	HTTP      *http.Client
	Log       *slog.Logger
}

func (p *Proxy) Mount(r gin.IRoutes) {
	r.POST("/mcp", p.post)
	r.GET("/mcp", p.stream)
}

func (p *Proxy) send(c *gin.Context, target, upstreamSession string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(c.Request.Context(), c.Request.Method, target, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", c.GetHeader("Accept"))
	req.Header.Set("Content-Type", "application/json")
	if upstreamSession != "" {
		req.Header.Set("Mcp-Session-Id", upstreamSession)
	}
	return p.HTTP.Do(req)
}

func relay(c *gin.Context, resp *http.Response) {
	defer resp.Body.Close()
	c.Status(resp.StatusCode)
	c.Header("Content-Type", resp.Header.Get("Content-Type"))
	_, _ = io.Copy(c.Writer, resp.Body)
}

func (p *Proxy) post(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 4<<20))
	if err != nil {
		rpc.Abort(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	var head struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(body, &head) != nil {
		rpc.Abort(c, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	user := c.GetString("user")

	if head.Method == "initialize" {
		p.initialize(c, user, body)
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		rpc.SessionRequired(c)
		return
	}
	sess, ok, err := p.Store.Get(c.Request.Context(), sid)
	if err != nil {
		p.Log.Error("session store", "err", err)
		rpc.StoreUnavailable(c)
		return
	}
	if !ok || sess.Owner != user {
		rpc.Abort(c, http.StatusForbidden, -32000, "Forbidden: session user mismatch")
		return
	}
	resp, err := p.send(c, sess.Upstream, sess.UpstreamID, body)
	if err != nil {
		rpc.Abort(c, http.StatusBadGateway, -32000, "Bad Gateway")
		return
	}
	relay(c, resp)
}

func (p *Proxy) initialize(c *gin.Context, user string, body []byte) {
	target, ok := p.Upstreams[c.GetString("team")]
	if !ok {
		rpc.Abort(c, http.StatusForbidden, -32000, "Forbidden: no upstream for team")
		return
	}
	sess := session.Session{ID: uuid.NewString(), Owner: user, Upstream: target, Created: time.Now()}
	if err := p.Store.Put(c.Request.Context(), sess); err != nil {
		p.Log.Error("session store", "err", err)
		rpc.Internal(c)
		return
	}
	resp, err := p.send(c, target, "", body)
	if err != nil || resp.StatusCode != http.StatusOK {
		if err == nil {
			defer resp.Body.Close()
		}
		if derr := p.Store.Delete(c.Request.Context(), sess.ID); derr != nil {
			p.Log.Warn("drop failed handshake", "session", sess.ID, "err", derr)
		}
		if err != nil {
			rpc.Abort(c, http.StatusBadGateway, -32000, "Bad Gateway")
			return
		}
		relay(c, resp)
		return
	}
	sess.UpstreamID = resp.Header.Get("Mcp-Session-Id")
	if err := p.Store.Put(c.Request.Context(), sess); err != nil {
		resp.Body.Close()
		p.Log.Error("session store", "err", err)
		_ = p.Store.Delete(c.Request.Context(), sess.ID)
		p.closeUpstream(c, target, sess.UpstreamID)
		rpc.Internal(c)
		return
	}
	c.Header("Mcp-Session-Id", sess.ID)
	relay(c, resp)
}

// closeUpstream ends an upstream session the client will never use.
func (p *Proxy) closeUpstream(c *gin.Context, target, upstreamID string) {
	if upstreamID == "" {
		return
	}
	req, err := http.NewRequestWithContext(context.WithoutCancel(c.Request.Context()), http.MethodDelete, target, nil)
	if err != nil {
		return
	}
	req.Header.Set("Mcp-Session-Id", upstreamID)
	if resp, err := p.HTTP.Do(req); err == nil {
		resp.Body.Close()
	}
}

func (p *Proxy) stream(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		rpc.SessionRequired(c)
		return
	}
	sess, ok, err := p.Store.Get(c.Request.Context(), sid)
	if err != nil {
		rpc.StoreUnavailable(c)
		return
	}
	if !ok {
		rpc.SessionNotFound(c)
		return
	}
	if sess.Owner != c.GetString("user") {
		rpc.Abort(c, http.StatusForbidden, -32000, "Forbidden: session user mismatch")
		return
	}
	resp, err := p.send(c, sess.Upstream, sess.UpstreamID, nil)
	if err != nil {
		rpc.Abort(c, http.StatusBadGateway, -32000, "Bad Gateway")
		return
	}
	relay(c, resp)
}
