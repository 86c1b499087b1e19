// Package statusvar: the status decided in branches, held in a variable
// and written once, later.
package statusvar

import (
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

type server struct{ db *sql.DB }

var errNoTool = errors.New("no such tool")

func (s *server) call(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	status := http.StatusOK
	var out []byte
	if err != nil {
		status = http.StatusBadRequest
	} else if _, err = s.db.ExecContext(r.Context(), "insert", string(body)); err != nil {
		status = http.StatusBadRequest // want `answers 400 for an error from \(\*sql.DB\).ExecContext, a server-side failure: answer 500`
	} else if out, err = json.Marshal(map[string]string{"ok": "yes"}); err != nil {
		status = http.StatusBadRequest // want `answers 400 for an error from json.Marshal`
	}
	w.WriteHeader(status)
	_, _ = w.Write(out)
}

// The client's faults told apart from the server's, then one write.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	var req struct{ Name string }
	status := http.StatusInternalServerError
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		status = http.StatusBadRequest
	} else if err := s.run(r, req.Name); errors.Is(err, errNoTool) {
		status = http.StatusNotFound
	} else if err == nil {
		status = http.StatusOK
	}
	w.WriteHeader(status)
}

func (s *server) run(r *http.Request, name string) error {
	if name == "" {
		return errNoTool
	}
	_, err := s.db.ExecContext(r.Context(), "call", name)
	return err
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (s *server) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", s.call)
}
