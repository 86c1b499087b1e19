// Package kindsfact: handlers answering the errors of another package's
// request functions, which fail for a missing or an unknown
// Mcp-Session-Id among others; what those functions return is known by a
// fact.
package kindsfact

import (
	"errors"
	"io"
	"net/http"

	"fixtures/sessionstatus/kindsfact/transport"
)

type front struct{ b *transport.Bridge }

func (f *front) every500(w http.ResponseWriter, r *http.Request) {
	if err := f.b.Forward(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) // want `answers 500 to every error of f.b.Forward\(...\), also to a request without Mcp-Session-Id \(400\) and to an unknown id \(404\)`
	}
}

// serve hands the other package's error on; its caller answers it.
func (f *front) serve(w http.ResponseWriter, r *http.Request) error {
	return f.b.Forward(w, r)
}

func (f *front) layered(w http.ResponseWriter, r *http.Request) {
	if err := f.serve(w, r); err != nil {
		http.Error(w, "internal error", http.StatusBadGateway) // want `answers 502 to every error of f.serve\(...\), also to a request without Mcp-Session-Id \(400\) and to an unknown id \(404\)`
	}
}

func (f *front) unknownAs400(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	body, _ := io.ReadAll(r.Body)
	if err := f.b.Notify(id, body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 to the error of f.b.Notify\(...\), the one it returns for an unknown Mcp-Session-Id: answer it 404`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// answeredThere: the callee wrote its own 400 or 404 first.
func (f *front) answeredThere(w http.ResponseWriter, r *http.Request) {
	if err := f.b.Answered(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// toldApart: the unknown id's sentinel answered 404, the rest 500.
func (f *front) toldApart(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := f.b.Lookup(id); err != nil {
		if errors.Is(err, transport.ErrNoSession) {
			http.Error(w, "unknown session", http.StatusNotFound)
			return
		}
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
