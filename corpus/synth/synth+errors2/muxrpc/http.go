// Package muxrpc serves an MCP resource/tool endpoint on a gorilla/mux router.
package muxrpc

import (
	"io"
	"log"
	"net/http"

	"github.com/gorilla/mux"
)

type Server struct {
	d      *Dispatcher
	router *mux.Router
}

func NewServer(d *Dispatcher) *Server {
	s := &Server{d: d, router: mux.NewRouter()}
	s.router.HandleFunc("/mcp", s.handle).Methods(http.MethodPost)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

type response struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Result  any    `json:"result,omitempty"`
	Error   *Error `json:"error,omitempty"`
}

func writeErr(w http.ResponseWriter, status int, id any, e *Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: id, Error: e})
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		writeErr(w, http.StatusRequestEntityTooLarge, nil, NewError(-32000, "Request body larger than 1 MiB"))
		return
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		writeErr(w, http.StatusBadRequest, nil, NewError(ParseError, "Parse error"))
		return
	}
	var id any = req.ID
	if req.ID == nil {
		id = nil
	}
	if req.JSONRPC != "2.0" {
		writeErr(w, http.StatusBadRequest, id, NewError(InvalidRequest, "Invalid Request"))
		return
	}
	method, ok := s.d.Lookup(req.Method)
	if !ok {
		writeErr(w, http.StatusNotFound, id, NewError(MethodNotFound, "Method not found: %s", req.Method))
		return
	}

	result, rpcErr := method(r.Context(), req.Params)
	resp := response{JSONRPC: "2.0", ID: id, Result: result, Error: rpcErr}
	out, err := json.Marshal(resp)
	if err != nil {
		log.Printf("muxrpc: marshal %s result: %v", req.Method, err)
		writeErr(w, http.StatusBadRequest, id, NewError(InternalError, "Internal error"))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}
