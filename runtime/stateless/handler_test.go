package stateless_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/stateless"
)

type textIn struct {
	Text string `json:"text"`
}

type customParams struct {
	mcp.ParamsBase
	Q string `json:"q"`
}

// testServer has a tool of every shape the handler treats apart: plain,
// annotated with x-mcp-header, failing, notifying, and one that tries a
// server-to-client request; a prompt, a resource and a template.
func testServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
	})
	s.AddTool(&mcp.Tool{Name: "headed", InputSchema: json.RawMessage(`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "headed"}}}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "fail"}, func(context.Context, *mcp.CallToolRequest, textIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("it failed")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "notify"}, func(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		errLog := req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: "x"})
		errProgress := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: "p", Progress: 1})
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: errText(errLog) + "|" + errText(errProgress) + "|" + req.Extra.Header.Get("X-Probe")}}}, nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "sample"}, func(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		_, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 1, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi"}}}})
		req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{})
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: errText(err)}}}, nil, nil
	})
	s.AddPrompt(&mcp.Prompt{Name: "greet", Arguments: []*mcp.PromptArgument{{Name: "who"}}}, func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi " + req.Params.Arguments["who"]}}}}, nil
	})
	s.AddResource(&mcp.Resource{URI: "test://a", Name: "a"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "test://a", Text: "A"}}}, nil
	})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "test://t/{x}", Name: "t"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	})
	if err := mcp.AddReceivingCustomMethod(s, "acme/search", func(context.Context, *mcp.ServerSession, *customParams) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}); err != nil {
		panic(err)
	}
	return s
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return "refused"
}

func gosdk(s *mcp.Server, json bool) http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: json, Stateless: true})
}

// counting records how many requests reached the fallback.
type counting struct {
	mu sync.Mutex
	n  int
	h  http.Handler
}

func (c *counting) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	c.h.ServeHTTP(w, r)
}

const envelope = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`

func call(method, params string) string {
	if params != "" {
		params += ","
	}
	return `{"jsonrpc":"2.0","id":7,"method":"` + method + `","params":{` + params + envelope + `}}`
}

// post builds a classified request, as the endpoint hands it on.
func post(t *testing.T, body string, hdr ...string) *http.Request {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			r.Header.Del(hdr[i])
			continue
		}
		r.Header.Set(hdr[i], hdr[i+1])
	}
	r, res, err := classify.Classify(r, 0)
	if err != nil || res.Leg != classify.Modern {
		t.Fatalf("classified %v (%v), want modern", res.Leg, err)
	}
	return r
}

type answer struct {
	Status       int
	ContentType  string
	CacheControl string
	Body         any
}

func serve(h http.Handler, r *http.Request) answer {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	a := answer{Status: w.Code, ContentType: w.Header().Get("Content-Type"), CacheControl: w.Header().Get("Cache-Control")}
	if err := json.Unmarshal(w.Body.Bytes(), &a.Body); err != nil {
		a.Body = w.Body.String()
	}
	return a
}

// TestMatchesGoSDK serves every request twice, through a Handler and
// through go-sdk's stateless handler for a server built alike, and wants
// the same status, headers and body; and it wants each request served
// directly or delegated as the package documentation says.
func TestMatchesGoSDK(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		hdr    []string
		direct bool
	}{
		{"tools/call", call("tools/call", `"name":"echo","arguments":{"text":"hi"}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo"}, true},
		{"tools/call bad arguments", call("tools/call", `"name":"echo","arguments":{"text":5}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo"}, true},
		{"tools/call failing tool", call("tools/call", `"name":"fail","arguments":{}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "fail"}, true},
		{"tools/call notifications refused", call("tools/call", `"name":"notify","arguments":{}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "notify", "X-Probe", "seen"}, true},
		{"tools/call sampling refused", call("tools/call", `"name":"sample","arguments":{}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "sample"}, true},
		{"tools/call unknown members", call("tools/call", `"name":"echo","Name":"x","extra":[1],"arguments":{"text":"hi"}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo"}, true},
		{"tools/call thin envelope", `{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":"echo","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`, []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo"}, true},
		{"tools/list", call("tools/list", ""), []string{"Mcp-Method", "tools/list"}, true},
		{"prompts/list", call("prompts/list", ""), []string{"Mcp-Method", "prompts/list"}, true},
		{"prompts/get", call("prompts/get", `"name":"greet","arguments":{"who":"you"}`), []string{"Mcp-Method", "prompts/get", "Mcp-Name", "greet"}, true},
		{"prompts/get unknown", call("prompts/get", `"name":"nope"`), []string{"Mcp-Method", "prompts/get", "Mcp-Name", "nope"}, true},
		{"resources/list", call("resources/list", ""), []string{"Mcp-Method", "resources/list"}, true},
		{"resources/templates/list", call("resources/templates/list", ""), []string{"Mcp-Method", "resources/templates/list"}, true},
		{"resources/read", call("resources/read", `"uri":"test://a"`), []string{"Mcp-Method", "resources/read", "Mcp-Name", "test://a"}, true},
		{"resources/read not found", call("resources/read", `"uri":"test://t/9"`), []string{"Mcp-Method", "resources/read", "Mcp-Name", "test://t/9"}, true},
		{"completion/complete", call("completion/complete", `"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"who","value":"y"}`), []string{"Mcp-Method", "completion/complete"}, true},
		{"server/discover", call("server/discover", ""), []string{"Mcp-Method", "server/discover"}, true},

		{"annotated tool", call("tools/call", `"name":"headed","arguments":{"region":"eu"}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "headed"}, false},
		{"annotated tool with its header", call("tools/call", `"name":"headed","arguments":{"region":"eu"}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "headed", "Mcp-Param-Region", "eu"}, false},
		{"param header on a plain tool", call("tools/call", `"name":"echo","arguments":{"text":"hi"}`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo", "Mcp-Param-Text", "hi"}, false},
		{"unknown tool", call("tools/call", `"name":"nope"`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "nope"}, false},
		{"Mcp-Name mismatch", call("tools/call", `"name":"echo"`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "fail"}, false},
		{"Mcp-Name missing", call("tools/call", `"name":"echo"`), []string{"Mcp-Method", "tools/call"}, false},
		{"Mcp-Method missing", call("tools/list", ""), nil, false},
		{"escaped name", call("tools/call", `"name":"\u0065cho"`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo"}, false},
		{"name not a string", call("tools/call", `"name":7`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "7"}, false},
		{"requestState", call("tools/call", `"name":"echo","requestState":"s"`), []string{"Mcp-Method", "tools/call", "Mcp-Name", "echo"}, false},
		{"prompt argument not a string", call("prompts/get", `"name":"greet","arguments":{"who":1}`), []string{"Mcp-Method", "prompts/get", "Mcp-Name", "greet"}, false},
		{"Last-Event-ID", call("tools/list", ""), []string{"Mcp-Method", "tools/list", "Last-Event-ID", "x_1"}, false},
		{"ping removed", call("ping", ""), []string{"Mcp-Method", "ping"}, false},
		{"custom method", call("acme/search", `"q":"x"`), []string{"Mcp-Method", "acme/search"}, false},
		{"unknown method", call("acme/none", ""), []string{"Mcp-Method", "acme/none"}, false},
		{"subscriptions/listen", call("subscriptions/listen", `"notifications":{}`), []string{"Mcp-Method", "subscriptions/listen"}, false},
		{"Accept without SSE", call("tools/list", ""), []string{"Mcp-Method", "tools/list", "Accept", "application/json"}, false},
	}
	fallback := &counting{h: gosdk(testServer(), true)}
	h := stateless.New(testServer(), fallback, stateless.Options{JSONResponse: true})
	peer := gosdk(testServer(), true)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := fallback.n
			got := serve(h, post(t, tt.body, tt.hdr...))
			want := serve(peer, post(t, tt.body, tt.hdr...))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Handler answered\n%+v\ngo-sdk answered\n%+v", got, want)
			}
			if direct := fallback.n == before; direct != tt.direct {
				t.Errorf("served directly: %v, want %v", direct, tt.direct)
			}
		})
	}
}

// TestSSEGoesToFallback: only JSON answers are written directly.
func TestSSEGoesToFallback(t *testing.T) {
	fallback := &counting{h: gosdk(testServer(), false)}
	h := stateless.New(testServer(), fallback, stateless.Options{})
	got := serve(h, post(t, call("tools/list", ""), "Mcp-Method", "tools/list"))
	if fallback.n != 1 || got.Status != http.StatusOK || got.ContentType != "text/event-stream" {
		t.Fatalf("fallback saw %d requests; answer %+v", fallback.n, got)
	}
}

// TestToolAddedLater: a tool registered after the handler learnt the
// server's tools is unknown to it, and goes to the fallback, which serves
// it (and checks its headers).
func TestToolAddedLater(t *testing.T) {
	s := testServer()
	fallback := &counting{h: gosdk(s, true)}
	h := stateless.New(s, fallback, stateless.Options{JSONResponse: true})
	echo := call("tools/call", `"name":"echo","arguments":{"text":"a"}`)
	if a := serve(h, post(t, echo, "Mcp-Method", "tools/call", "Mcp-Name", "echo")); a.Status != 200 || fallback.n != 0 {
		t.Fatalf("echo: %+v, fallback saw %d", a, fallback.n)
	}
	mcp.AddTool(s, &mcp.Tool{Name: "late"}, func(context.Context, *mcp.CallToolRequest, textIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "late"}}}, nil, nil
	})
	a := serve(h, post(t, call("tools/call", `"name":"late","arguments":{"text":"x"}`), "Mcp-Method", "tools/call", "Mcp-Name", "late"))
	if a.Status != 200 || fallback.n != 1 || !strings.Contains(jsonText(a.Body), `"late"`) {
		t.Fatalf("late: %+v, fallback saw %d", a, fallback.n)
	}
	if st := h.Stats(); st.Direct != 1 || st.Delegated != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// TestLearnRefused: a server whose middleware refuses the handler's own
// tools/list still serves every tools/call, through the fallback.
func TestLearnRefused(t *testing.T) {
	s := testServer()
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				return nil, errors.New("not listed")
			}
			return next(ctx, method, req)
		}
	})
	fallback := &counting{h: gosdk(s, true)}
	h := stateless.New(s, fallback, stateless.Options{JSONResponse: true})
	for range 2 {
		a := serve(h, post(t, call("tools/call", `"name":"echo","arguments":{"text":"a"}`), "Mcp-Method", "tools/call", "Mcp-Name", "echo"))
		if a.Status != 200 {
			t.Fatalf("answer %+v", a)
		}
	}
	if fallback.n != 2 {
		t.Fatalf("fallback saw %d of 2 tools/calls", fallback.n)
	}
}

// TestUnclassified: a request that did not come through the classifier
// (its body carries no decoding) goes to the fallback.
func TestUnclassified(t *testing.T) {
	fallback := &counting{h: gosdk(testServer(), true)}
	h := stateless.New(testServer(), fallback, stateless.Options{JSONResponse: true})
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", strings.NewReader(call("tools/list", "")))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	r.Header.Set("Mcp-Method", "tools/list")
	if a := serve(h, r); a.Status != 200 || fallback.n != 1 {
		t.Fatalf("answer %+v, fallback saw %d", a, fallback.n)
	}
}

// TestConcurrentCalls runs direct calls side by side (run with -race): the
// first ones learn the tools while the others wait.
func TestConcurrentCalls(t *testing.T) {
	fallback := &counting{h: gosdk(testServer(), true)}
	h := stateless.New(testServer(), fallback, stateless.Options{JSONResponse: true})
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Go(func() {
			body := call("tools/call", `"name":"echo","arguments":{"text":"n`+string(rune('a'+i%26))+`"}`)
			if a := serve(h, post(t, body, "Mcp-Method", "tools/call", "Mcp-Name", "echo")); a.Status != 200 || !strings.Contains(jsonText(a.Body), `"n`) {
				t.Errorf("answer %+v", a)
			}
		})
	}
	wg.Wait()
	if fallback.n != 0 || h.Stats().Direct != 32 {
		t.Fatalf("fallback saw %d, stats %+v", fallback.n, h.Stats())
	}
}

// TestClientGone: a request whose client leaves before the answer writes
// nothing; as on go-sdk's handler, the call runs to its end (it is not
// cancelled), and then its session ends.
func TestClientGone(t *testing.T) {
	s := testServer()
	started, release := make(chan struct{}), make(chan struct{})
	mcp.AddTool(s, &mcp.Tool{Name: "block"}, func(context.Context, *mcp.CallToolRequest, textIn) (*mcp.CallToolResult, any, error) {
		close(started)
		<-release
		return &mcp.CallToolResult{}, nil, nil
	})
	h := stateless.New(s, gosdk(s, true), stateless.Options{JSONResponse: true})
	ctx, cancel := context.WithCancel(context.Background())
	r := post(t, call("tools/call", `"name":"block","arguments":{"text":"x"}`), "Mcp-Method", "tools/call", "Mcp-Name", "block").WithContext(ctx)
	done := make(chan answer)
	go func() { done <- serve(h, r) }()
	<-started
	cancel()
	close(release)
	if a := <-done; a.Body != "" || h.Stats().Direct != 1 {
		t.Fatalf("wrote %+v after the client left (stats %+v)", a, h.Stats())
	}
	for range s.Sessions() {
		t.Fatal("a session outlived its request")
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
