package echostream

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

const statusNoSession = http.StatusNotFound

type jsonrpcErr struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func errBody(code int, msg string) jsonrpcErr {
	e := jsonrpcErr{JSONRPC: "2.0"}
	e.Error.Code = code
	e.Error.Message = msg
	return e
}

type Handlers struct{ hub *Hub }

func NewHandlers(h *Hub) *Handlers { return &Handlers{hub: h} }

func (h *Handlers) Register(g *echo.Group) {
	g.GET("", h.Stream)
	g.DELETE("", h.End)
}

func (h *Handlers) Stream(c echo.Context) error {
	ids := c.Request().Header["Mcp-Session-Id"]
	if len(ids) == 0 {
		return c.JSON(statusNoSession, errBody(-32000, "no session"))
	}
	sess := h.hub.Find(ids[0])
	if sess == nil {
		return c.JSON(http.StatusOK, errBody(-32001, "session not found"))
	}

	res := c.Response()
	res.Header().Set(echo.HeaderContentType, "text/event-stream")
	res.Header().Set("Cache-Control", "no-cache")
	res.WriteHeader(http.StatusOK)
	res.Flush()
	for {
		select {
		case <-c.Request().Context().Done():
			return nil
		case b, ok := <-sess.Outbound:
			if !ok {
				return nil
			}
			fmt.Fprintf(res, "event: message\ndata: %s\n\n", b)
			res.Flush()
		}
	}
}

func (h *Handlers) End(c echo.Context) error {
	ids := c.Request().Header["Mcp-Session-Id"]
	if len(ids) == 0 {
		return c.JSON(http.StatusBadRequest, errBody(-32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	if !h.hub.Remove(ids[0]) {
		return c.JSON(http.StatusNotFound, errBody(-32001, "Session not found"))
	}
	return c.NoContent(http.StatusNoContent)
}
