// Package clientfaultvalidator pins that errors errclass cannot prove to be
// the server's stay unreported: a validator's error (no context, no store)
// answered 400, and a function value passed in as a parameter.
package clientfaultvalidator

import (
	"errors"
	"net/http"
)

type message struct{ Method string }

func validate(m *message) error {
	if m.Method == "" {
		return errors.New("missing method")
	}
	return nil
}

func handle(w http.ResponseWriter, m *message, check func(*message) error) {
	if err := validate(m); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := check(m); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
}
