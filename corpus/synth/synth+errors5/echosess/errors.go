package echosess

import (
	"encoding/json"
	"net/http"
	"runtime/debug"

	"github.com/labstack/echo/v4"
)

type rpcErrorBody struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func rpcBody(id json.RawMessage, code int, msg string) rpcErrorBody {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	b := rpcErrorBody{JSONRPC: "2.0", ID: id}
	b.Error.Code = code
	b.Error.Message = msg
	return b
}

// rpcHTTPError wraps a JSON-RPC error body in an echo error so handlers
// can simply return it.
func rpcHTTPError(status int, id json.RawMessage, code int, msg string) *echo.HTTPError {
	return echo.NewHTTPError(status, rpcBody(id, code, msg))
}

// recoverRPC turns a panic in a handler into a JSON-RPC error instead of
// a dropped connection.
func recoverRPC(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if p := recover(); p != nil {
				c.Logger().Errorf("panic: %v\n%s", p, debug.Stack())
				err = c.JSON(http.StatusOK, rpcBody(nil, -32603, "Internal error"))
			}
		}()
		return next(c)
	}
}
