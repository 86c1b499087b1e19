// Package gw7 exposes stdio-only MCP servers over HTTP. Each POST spawns the
// configured command, writes the message to its stdin and reads one line of
// output back. Good enough for stateless tools like linters and formatters.
package gw7

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os/exec"
	"time"

	"github.com/labstack/echo/v4"
)

type Bridge struct {
	Command []string
	Timeout time.Duration
}

type rpcErr struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func newRPCErr(id any, code int, msg string) *rpcErr {
	e := &rpcErr{JSONRPC: "2.0", ID: id}
	e.Error.Code = code
	e.Error.Message = msg
	return e
}

func (b *Bridge) Register(e *echo.Echo) {
	e.POST("/mcp", b.handle)
}

func (b *Bridge) handle(c echo.Context) error {
	var msg map[string]any
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return c.JSON(http.StatusOK, newRPCErr(nil, -32700, "Parse error"))
	}
	line, err := json.Marshal(msg)
	if err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(c.Request().Context(), b.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.Command[0], b.Command[1:]...)
	cmd.Stdin = bytes.NewReader(append(line, '\n'))
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		c.Logger().Errorf("start %v: %v", b.Command, err)
		return echo.NewHTTPError(http.StatusBadRequest, newRPCErr(msg["id"], -32603, "could not start tool server"))
	}
	if err := cmd.Wait(); err != nil && stdout.Len() == 0 {
		c.Logger().Errorf("tool server exited: %v", err)
		return c.JSON(http.StatusBadGateway, newRPCErr(msg["id"], -32603, "tool server failed"))
	}

	if _, isReq := msg["id"]; !isReq {
		return c.NoContent(http.StatusAccepted)
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	if !sc.Scan() || !json.Valid(sc.Bytes()) {
		return c.JSON(http.StatusBadRequest, newRPCErr(msg["id"], -32700, "Parse error: tool server reply"))
	}
	return c.JSONBlob(http.StatusOK, sc.Bytes())
}
