// Package auditlog records every MCP call a tenant makes before letting it
// through. Compliance requires that no call runs unrecorded.
package auditlog

import (
	"bytes"
	"database/sql"
	"io"
	"log"
	"net/http"
	"time"

	"github.com/bytedance/sonic"
)

type Recorder interface {
	Record(r *http.Request, e Entry) error
}

type Entry struct {
	Tenant string
	Method string
	Tool   string
	At     time.Time
}

type SQLRecorder struct {
	DB *sql.DB
}

func (s *SQLRecorder) Record(r *http.Request, e Entry) error {
	_, err := s.DB.ExecContext(r.Context(),
		`INSERT INTO mcp_audit (tenant, method, tool, at) VALUES ($1, $2, $3, $4)`,
		e.Tenant, e.Method, e.Tool, e.At)
	return err
}

type peekedCall struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
	Params struct {
		Name string `json:"name"`
	} `json:"params"`
}

type failure struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Middleware wraps the MCP handler. Bodies it cannot read as a call are
// passed on untouched; the MCP handler answers those.
func Middleware(rec Recorder, tenantOf func(*http.Request) string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if err != nil {
				next.ServeHTTP(w, r)
				return
			}
			var call peekedCall
			if err := sonic.Unmarshal(body, &call); err != nil || call.Method == "" {
				next.ServeHTTP(w, r)
				return
			}

			entry := Entry{Tenant: tenantOf(r), Method: call.Method, Tool: call.Params.Name, At: time.Now().UTC()}
			if err := rec.Record(r, entry); err != nil {
				log.Printf("audit: tenant=%s method=%s: %v", entry.Tenant, entry.Method, err)
				var f failure
				f.JSONRPC, f.ID = "2.0", call.ID
				f.Error.Code, f.Error.Message = -32603, "audit log unavailable"
				out, _ := sonic.Marshal(f)
				w.Header().Set("Content-Type", "application/json")
				w.Write(out)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
