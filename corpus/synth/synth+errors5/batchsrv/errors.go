package batchsrv

import (
	"encoding/json"
	"net/http"
)

// apiError is an error that already knows how the transport answers it.
type apiError struct {
	Status int
	Code   int
	Msg    string
}

func (e *apiError) Error() string { return e.Msg }

type wireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type wireResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *wireError      `json:"error,omitempty"`
}

func writeError(w http.ResponseWriter, id json.RawMessage, e *apiError) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	json.NewEncoder(w).Encode(wireResponse{JSONRPC: "2.0", ID: id, Error: &wireError{e.Code, e.Msg}})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(v)
}
