// Package unanswered: handlers on MCP's endpoint (a router registers them
// at /mcp) whose failed read or decode of the body gets no answer, so
// net/http sends 200. The not-json row is 400 with -32700, body-unreadable
// 400. Beside them, shapes that answer, or whose status is already out or
// whose bytes go on to a server that answers them, stay silent.
package unanswered

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

type server struct {
	upstream http.Handler
	failures int
}

func (s *server) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp/decode", s.decodeLogged)
	mux.HandleFunc("/mcp/read", s.readBare)
	mux.HandleFunc("/mcp/stream", s.streamSetup)
	mux.HandleFunc("/mcp/discard", s.discarded)
	mux.HandleFunc("/mcp/answered", s.answered)
	mux.HandleFunc("/mcp/get", s.getOnly)
	mux.HandleFunc("/mcp/flushed", s.flushedFirst)
	mux.HandleFunc("/mcp/batch", s.streamOfMessages)
	mux.HandleFunc("/mcp/helper", s.handedOn)
	mux.HandleFunc("/mcp/forward", s.forwarded)
	mux.HandleFunc("/mcp/counted", s.counted)
	mux.HandleFunc("/mcp/peek", s.peekKept)
}

func reply(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

// decodeLogged logs the failure and returns: the client gets 200, empty.
func (s *server) decodeLogged(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil { // want `a request body that does not decode is answered nothing: the client gets 200; answer 400 with -32700 \(not-json\)`
		log.Printf("bad message: %v", err)
		return
	}
	if msg.Method == "" {
		http.Error(w, "no method", http.StatusBadRequest)
	}
}

// readBare: the read fails, the branch returns.
func (s *server) readBare(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body) // want `a failed read of the request body is answered nothing: the client gets 200; answer 400 \(body-unreadable\)`
	if err != nil {
		return
	}
	var msg message
	if err := json.Unmarshal(b, &msg); err != nil {
		reply(w, nil, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// streamSetup sets the stream's headers (nothing is written yet) and
// serves GET and POST alike: a POST that does not decode gets 200.
func (s *server) streamSetup(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "no streaming", http.StatusInternalServerError)
		return
	}
	if r.Method == http.MethodPost || r.Method == http.MethodGet {
		dec := json.NewDecoder(r.Body)
		var msg message
		if err := dec.Decode(&msg); err != nil { // want `a request body that does not decode is answered nothing`
			return
		}
		w.Write([]byte("data: {}\n\n"))
		fl.Flush()
	}
}

// discarded throws the decode's error away and serves an empty message.
func (s *server) discarded(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var msg message
	_ = json.Unmarshal(b, &msg) // want `discards the body's decode error: bytes that are not JSON are served as an empty message`
	if msg.Method == "ping" {
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
		return
	}
	reply(w, msg.ID, -32601, "Method not found")
}

// answered: correct.
func (s *server) answered(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		reply(w, nil, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// getOnly: the decode runs for GET only, which carries no MCP message.
func (s *server) getOnly(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		var msg message
		if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
			return
		}
	}
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
}

// flushedFirst has sent its status before it decodes: the failure cannot
// be answered with a status any more.
func (s *server) flushedFirst(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "no streaming", http.StatusInternalServerError)
		return
	}
	fl.Flush()
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		return
	}
}

// streamOfMessages: a decoder over a stream ends on its last message.
func (s *server) streamOfMessages(w http.ResponseWriter, r *http.Request) {
	dec := json.NewDecoder(r.Body)
	for {
		var msg message
		if err := dec.Decode(&msg); err != nil {
			return
		}
		if msg.Method == "" {
			http.Error(w, "no method", http.StatusBadRequest)
			return
		}
	}
}

// handedOn: the writer goes to a logger of the package's own that
// answers.
func (s *server) handedOn(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		log.Println(w)
		return
	}
	http.Error(w, "not served", http.StatusNotFound)
}

// forwarded peeks at the message and hands the same bytes on to the
// upstream, which answers bytes that are not JSON itself.
func (s *server) forwarded(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	var msg message
	_ = json.Unmarshal(b, &msg)
	log.Printf("method %q", msg.Method)
	s.upstream.ServeHTTP(w, r)
}

// counted calls the package's own code in the branch: it may answer
// through state errclass does not follow.
func (s *server) counted(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		s.count()
		return
	}
	http.Error(w, "not served", http.StatusNotFound)
}

func (s *server) count() { s.failures++ }

// peekKept decodes the bytes, then sends the same bytes on.
func (s *server) peekKept(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var msg message
	_ = json.Unmarshal(b, &msg)
	resp, err := http.Post("http://127.0.0.1:9/mcp", "application/json", bytes.NewReader(b))
	if err != nil {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}
