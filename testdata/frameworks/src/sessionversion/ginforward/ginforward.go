// Package ginforward: a gin gateway copies every header of the incoming
// request (c.Request.Header) onto its upstream request and then Adds its
// own session id: the upstream gets two values, the client's first.
package ginforward

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

type gateway struct {
	upstream string
	session  string
}

func (g *gateway) relay(c *gin.Context) {
	req, err := http.NewRequest(http.MethodPost, g.upstream, nil)
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal"})
		return
	}
	for k, v := range c.Request.Header {
		req.Header[k] = v
	}
	req.Header.Add("Mcp-Session-Id", g.session) // want `Mcp-Session-Id added to a request that already carries the incoming request's Mcp-Session-Id`
	_, _ = http.DefaultClient.Do(req)
}
