// Package handedupfact: handlers answering every error of another
// package's request function 500, one of those errors being the request
// body's decode (known by a fact).
package handedupfact

import (
	"errors"
	"net/http"

	"fixtures/errclass/handedupfact/relay"
)

type front struct{ x *relay.Relay }

func (f *front) every500(w http.ResponseWriter, r *http.Request) {
	if err := f.x.Pass(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) // want `answers HTTP 500 to every error of f.x.Pass\(...\), also when the request body does not decode: answer that one 400 with -32700`
	}
}

// answeredThere: the decode's failure went out 400 before the error came
// back.
func (f *front) answeredThere(w http.ResponseWriter, r *http.Request) {
	if err := f.x.Refused(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// toldApart: the body's failure is answered 400, the rest 500.
func (f *front) toldApart(w http.ResponseWriter, r *http.Request) {
	if err := f.x.Named(w, r); err != nil {
		if errors.Is(err, relay.ErrBadBody) {
			http.Error(w, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
			return
		}
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}
