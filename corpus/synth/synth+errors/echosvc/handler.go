// Package echosvc is the prompt library's MCP endpoint.
package echosvc

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
)

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type getPromptParams struct {
	Name      string            `json:"name" validate:"required,max=128"`
	Arguments map[string]string `json:"arguments" validate:"omitempty,dive,keys,max=64,endkeys,max=4096"`
}

type PromptHandler struct {
	repo     PromptRepo
	validate *validator.Validate
}

func NewPromptHandler(repo PromptRepo) *PromptHandler {
	return &PromptHandler{repo: repo, validate: validator.New()}
}

func Mount(e *echo.Echo, h *PromptHandler) {
	e.HTTPErrorHandler = ErrorHandler
	e.POST("/mcp", h.Serve)
}

func (h *PromptHandler) Serve(c echo.Context) error {
	var req rpcRequest
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return newRPCError(codeInternalError, "decode request: "+err.Error())
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		return newRPCError(codeInvalidRequest, "Invalid Request")
	}
	c.Set(ctxRequestID, req.ID)

	var result any
	switch req.Method {
	case "prompts/list":
		names, err := h.repo.Names(c.Request().Context())
		if err != nil {
			return err
		}
		list := make([]map[string]string, 0, len(names))
		for _, n := range names {
			list = append(list, map[string]string{"name": n})
		}
		result = map[string]any{"prompts": list}
	case "prompts/get":
		var p getPromptParams
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return newRPCError(codeInvalidParams, "params: "+err.Error())
		}
		if err := h.validate.Struct(p); err != nil {
			return newRPCError(codeInvalidParams, err.Error())
		}
		prompt, err := h.repo.Get(c.Request().Context(), p.Name)
		if errors.Is(err, errPromptNotFound) {
			return echo.NewHTTPError(http.StatusNotFound, "no prompt named "+p.Name)
		}
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, err.Error())
		}
		result = map[string]any{
			"messages": []map[string]any{{
				"role":    "user",
				"content": map[string]string{"type": "text", "text": render(prompt, p.Arguments)},
			}},
		}
	default:
		return newRPCError(codeMethodNotFound, "Method not found: "+req.Method)
	}

	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
	if err != nil {
		return newRPCError(codeInternalError, "encode result")
	}
	return c.JSONBlob(http.StatusOK, body)
}
