// Package truncated: io.LimitReader stops at its limit without an error, so
// a body read whole through it is cut when it is over the limit. On MCP's
// endpoint a body over the limit is 413; a cut body is forwarded or fails
// to parse as if the client had sent bad JSON.
package truncated

import (
	"bytes"
	"io"
	"net/http"
)

const maxBody = 1 << 20

func forward(w http.ResponseWriter, r *http.Request, body []byte) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, "http://127.0.0.1:9/mcp", bytes.NewReader(body))
	if err != nil {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	req.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

// cut: the body is read through a LimitReader and forwarded whatever its
// length.
func cut(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody)) // want `reads the body through io.LimitReader and never tests its length: a body over the limit is cut, not answered 413`
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	forward(w, r, body)
}

// tested: one byte over the limit is read and the length tested.
func tested(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if len(body) > maxBody {
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	forward(w, r, body)
}

// capped: MaxBytesReader fails past its limit, which the handler answers.
func capped(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	forward(w, r, body)
}

// declared: a declared length over the limit is refused first.
func declared(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxBody {
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	forward(w, r, body)
}

// upload: a route beside MCP's endpoint keeps its own rules.
func upload(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusCreated)
	w.Write(data[:0])
}

// reencoded: the length is only handed on, for the body forwarded in its
// place; nothing compares it.
func reencoded(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody)) // want `reads the body through io.LimitReader and never tests its length`
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	r.ContentLength = int64(len(body))
	forward(w, r, body)
}

// readCapped reads whatever reader it is handed, cut at the limit.
func readCapped(src io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(src, maxBody)) // want `reads the body through io.LimitReader and never tests its length`
	if err != nil {
		return nil, err
	}
	return b, nil
}

// readChecked reads one byte over the limit and says so.
func readChecked(src io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(src, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxBody {
		return nil, io.ErrShortBuffer
	}
	return b, nil
}

// handedOn: the helpers are handed the request's body.
func handedOn(w http.ResponseWriter, r *http.Request) {
	body, err := readCapped(r.Body)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if _, err := readChecked(r.Body); err != nil {
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	forward(w, r, body)
}
