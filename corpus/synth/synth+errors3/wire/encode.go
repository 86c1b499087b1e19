package wire

import (
	"encoding/json"
	"net/http"
)

type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

func nullIfEmpty(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return json.RawMessage("null")
	}
	return id
}

// Result marshals v as the result member of a response.
func Result(id json.RawMessage, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(Response{JSONRPC: "2.0", ID: nullIfEmpty(id), Result: b})
}

func WriteError(w http.ResponseWriter, status int, id json.RawMessage, e *Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(Response{JSONRPC: "2.0", ID: nullIfEmpty(id), Error: e})
}
