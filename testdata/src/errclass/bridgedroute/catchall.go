package bridgedroute

import (
	"io"
	"log"
	"net/http"
	"strings"
)

// listen serves MCP at /mcp and records anything else sent to the port:
// the literal registered at "/" answers no MCP, whatever its parent names.
func listen(addr string) error {
	exposed := strings.Join([]string{"Mcp-Session-Id", "MCP-Protocol-Version"}, ", ")
	mux := http.NewServeMux()
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Expose-Headers", exposed)
		if r.Header.Get("Mcp-Session-Id") == "" {
			http.Error(w, "Bad Request: Mcp-Session-Id header is required", http.StatusBadRequest)
			return
		}
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		log.Printf("%s %s: %d bytes", r.Method, r.URL.Path, len(body))
		http.NotFound(w, r)
	})
	return http.ListenAndServe(addr, mux)
}
