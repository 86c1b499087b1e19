// Package configureddecoder: a body decoded by a function the application
// was configured with (a framework's JSONDecoder setting) fails on the
// client's bytes like json.Unmarshal does, so -32700 with 400 is right
// there. Nothing here is reported.
package configureddecoder

import (
	"encoding/json"
	"io"
	"net/http"

	"fixtures/errclass/configureddecoder/web"
)

var app = web.New(web.Config{JSONDecoder: json.Unmarshal})

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

// Serve is the MCP endpoint: a body that does not decode is -32700 with
// 400, whichever decoder the application was given.
func Serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: body could not be read")
		return
	}
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
	}
	if err := app.NewCtx(body).BodyParser(&msg); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		writeRPCError(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
