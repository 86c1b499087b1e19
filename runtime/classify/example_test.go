package classify_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// A hybrid endpoint: classify once, answer rejects, hand the forwarded
// request to the winning leg. Here the legs only report what they got; in a
// server the modern leg is go-sdk's stateless StreamableHTTPHandler and the
// legacy leg routes on res.SessionID and res.IsInitialize.
func ExampleClassify() {
	leg := func(name string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			fmt.Printf("%s leg read %d bytes\n", name, len(b))
		})
	}
	legacy, modern := leg("legacy"), leg("modern")
	hybrid := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, res, _ := classify.Classify(r, 0)
		switch res.Leg {
		case classify.Modern:
			modern.ServeHTTP(w, r)
		case classify.Legacy:
			legacy.ServeHTTP(w, r)
		default:
			fmt.Printf("rejected (%s): %d %d\n", res.Reason, res.Err.Status, res.Err.Code)
			protocol.WriteError(w, res.ID, res.Err)
		}
	})

	send := func(body string, header ...string) {
		r := httptest.NewRequest("POST", "/mcp", strings.NewReader(body))
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		hybrid.ServeHTTP(httptest.NewRecorder(), r)
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`,
		protocol.HeaderProtocolVersion, "2026-07-28")
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		protocol.HeaderSessionID, "s-1", protocol.HeaderProtocolVersion, "2025-11-25")
	send(`[]`)
	// Output:
	// modern leg read 122 bytes
	// legacy leg read 54 bytes
	// rejected (empty-batch): 400 -32600
}
