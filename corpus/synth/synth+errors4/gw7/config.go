package gw7

import (
	"errors"
	"os"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// FromEnv reads the bridge configuration:
//
//	MCP_BRIDGE_CMD      command line of the stdio server, space separated
//	MCP_BRIDGE_TIMEOUT  per-request timeout (default 20s)
func FromEnv() (*Bridge, error) {
	cmd := strings.Fields(os.Getenv("MCP_BRIDGE_CMD"))
	if len(cmd) == 0 {
		return nil, errors.New("MCP_BRIDGE_CMD is not set")
	}
	timeout := 20 * time.Second
	if v := os.Getenv("MCP_BRIDGE_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return nil, err
		}
		timeout = d
	}
	return &Bridge{Command: cmd, Timeout: timeout}, nil
}

// NewEcho returns an echo instance with the bridge mounted at /mcp.
func NewEcho(b *Bridge) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("2M"))
	b.Register(e)
	return e
}
