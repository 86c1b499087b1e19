// Package latervalue: session refusals built as JSON-RPC error objects with
// no status, written later with 200 -- appended to a batch's responses that
// are encoded with no status set, or returned by a method handler up to the
// dispatcher's caller, which writes the result 200 -- beside writes that set
// 404 for a refused element, a caller that tests the error first, and a
// handler reached only through a function value, which stay silent.
package latervalue

import (
	"encoding/json"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Result  any       `json:"result,omitempty"`
	Error   *rpcError `json:"error,omitempty"`
}

type rpcRequest struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
}

type server struct {
	sessions map[string]bool
	handlers map[string]func(r *http.Request) (any, *rpcError)
}

func errorReply(id any, code int, msg string) rpcResponse {
	return rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
}

func writeReply(w http.ResponseWriter, status int, id any, result any, rerr *rpcError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Result: result, Error: rerr})
}

// batch answers each element; a stale id is refused in the element, and
// the array goes out with net/http's 200.
func (s *server) batch(w http.ResponseWriter, r *http.Request, reqs []rpcRequest) {
	id := r.Header.Get("Mcp-Session-Id")
	var out []rpcResponse
	for _, req := range reqs {
		if !s.sessions[id] {
			out = append(out, errorReply(req.ID, -32001, "Session not found")) // want `answers 200 to an unknown or expired Mcp-Session-Id`
			continue
		}
		out = append(out, rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: "ok"})
	}
	if len(out) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}

// batchNotFound sets 404 when an element refused the session: right.
func (s *server) batchNotFound(w http.ResponseWriter, r *http.Request, reqs []rpcRequest) {
	id := r.Header.Get("Mcp-Session-Id")
	var out []rpcResponse
	refused := false
	for _, req := range reqs {
		if !s.sessions[id] {
			out = append(out, errorReply(req.ID, -32001, "Session not found"))
			refused = true
			continue
		}
		out = append(out, rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: "ok"})
	}
	if refused {
		w.WriteHeader(http.StatusNotFound)
	}
	_ = json.NewEncoder(w).Encode(out)
}

// batchScanned reads the responses before it writes them: what it sends
// for a refused element is decided there.
func (s *server) batchScanned(w http.ResponseWriter, r *http.Request, reqs []rpcRequest) {
	id := r.Header.Get("Mcp-Session-Id")
	var out []rpcResponse
	for _, req := range reqs {
		if !s.sessions[id] {
			out = append(out, errorReply(req.ID, -32001, "Session not found"))
			continue
		}
		out = append(out, rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: "ok"})
	}
	writeAll(w, out)
}

func writeAll(w http.ResponseWriter, out []rpcResponse) {
	for _, o := range out {
		if o.Error != nil && o.Error.Code == -32001 {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	_ = json.NewEncoder(w).Encode(out)
}

// subscribe needs a session; without one it returns an error object that
// serve writes 200.
func (s *server) subscribe(r *http.Request) (any, *rpcError) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, &rpcError{Code: -32602, Message: "subscribe needs a session"} // want `answers 200 to a request without Mcp-Session-Id`
	}
	return "subscribed", nil
}

// watch refuses an unknown session; dispatch returns its result as its
// own, and serve writes it 200.
func (s *server) watch(r *http.Request) (any, *rpcError) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.sessions[id] {
		return nil, &rpcError{Code: -32001, Message: "Session not found"} // want `answers 200 to an unknown or expired Mcp-Session-Id`
	}
	return "watching", nil
}

func (s *server) dispatch(r *http.Request, req rpcRequest) (any, *rpcError) {
	switch req.Method {
	case "watch":
		return s.watch(r)
	}
	return nil, &rpcError{Code: -32601, Message: "method not found"}
}

func (s *server) serve(w http.ResponseWriter, r *http.Request, req rpcRequest) {
	if req.Method == "subscribe" {
		res, rerr := s.subscribe(r)
		writeReply(w, http.StatusOK, req.ID, res, rerr)
		return
	}
	res, rerr := s.dispatch(r, req)
	writeReply(w, http.StatusOK, req.ID, res, rerr)
}

// unsubscribe's error is tested by its caller, which answers it 404.
func (s *server) unsubscribe(r *http.Request) (any, *rpcError) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.sessions[id] {
		return nil, &rpcError{Code: -32001, Message: "Session not found"}
	}
	return "unsubscribed", nil
}

func (s *server) serveTested(w http.ResponseWriter, r *http.Request, req rpcRequest) {
	res, rerr := s.unsubscribe(r)
	if rerr != nil {
		writeReply(w, http.StatusNotFound, req.ID, nil, rerr)
		return
	}
	writeReply(w, http.StatusOK, req.ID, res, nil)
}

// list is reached through a table of handlers: where its error is
// written is not followed.
func (s *server) list(r *http.Request) (any, *rpcError) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.sessions[id] {
		return nil, &rpcError{Code: -32001, Message: "Session not found"}
	}
	return []string{}, nil
}

func (s *server) register() {
	s.handlers["list"] = s.list
}
