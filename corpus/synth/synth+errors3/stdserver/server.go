package stdserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"example.com/synth/errors3/rpcerr"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type Server struct {
	store NoteStore
	seq   int
}

func NewServer(store NoteStore) *Server {
	return &Server{store: store}
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		rpcerr.Write(w, http.StatusMethodNotAllowed, -32000, "method not allowed")
		return
	}

	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		rpcerr.Write(w, http.StatusOK, rpcerr.ParseError, "parse error: "+err.Error())
		return
	}
	if req.JSONRPC != "2.0" {
		rpcerr.Write(w, http.StatusBadRequest, rpcerr.InvalidRequest, "jsonrpc must be \"2.0\"")
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	var result any
	switch req.Method {
	case "initialize":
		result = map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "notes", "version": "0.3.1"},
		}
	case "tools/call":
		var p struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			rpcerr.WriteID(w, req.ID, http.StatusBadRequest, rpcerr.InvalidParams, "invalid params")
			return
		}
		s.seq++
		n := Note{ID: strconv.Itoa(s.seq), Text: p.Arguments["text"], Created: time.Now()}
		if err := s.store.Save(r.Context(), n); err != nil {
			rpcerr.WriteID(w, req.ID, http.StatusBadRequest, rpcerr.InternalError, fmt.Sprintf("save note: %v", err))
			return
		}
		result = map[string]any{"content": []map[string]any{{"type": "text", "text": "saved " + n.ID}}}
	default:
		rpcerr.WriteID(w, req.ID, http.StatusNotFound, rpcerr.MethodNotFound, "method not found: "+req.Method)
		return
	}

	buf, err := json.Marshal(response{JSONRPC: "2.0", ID: req.ID, Result: result})
	if err != nil {
		rpcerr.WriteID(w, req.ID, http.StatusInternalServerError, rpcerr.ParseError, "encode: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(buf)
}
