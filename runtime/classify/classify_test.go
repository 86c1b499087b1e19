package classify_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// countingBody records every byte read through it and whether it was closed.
type countingBody struct {
	r      io.Reader
	reads  int // Read calls
	bytes  int // bytes handed out
	closed bool
}

func (c *countingBody) Read(p []byte) (int, error) {
	c.reads++
	n, err := c.r.Read(p)
	c.bytes += n
	return n, err
}

func (c *countingBody) Close() error { c.closed = true; return nil }

func newRequest(method, body string, h hdr) (*http.Request, *countingBody) {
	cb := &countingBody{r: strings.NewReader(body)}
	r := httptest.NewRequest(method, "/mcp", nil)
	r.Body = cb
	r.ContentLength = int64(len(body))
	r.Header = h.header()
	return r, cb
}

// Classify agrees with ClassifyParts on every case of the table, reading the
// body through the request.
func TestClassifyMatchesTable(t *testing.T) {
	for _, tc := range table() {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := newRequest(tc.method, tc.body, tc.header)
			_, got, err := classify.Classify(r, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, tc, got)
		})
	}
}

// The body is read once, and the forwarded request reads the same bytes, as
// often as it asks through GetBody.
func TestForwardedBodyReadsTheSameBytes(t *testing.T) {
	for _, body := range []string{toolsCallModern, toolsListLegacy, "[" + toolsListLegacy + "]", "not json", ""} {
		r, cb := newRequest("POST", body, hdr{pv: v2026})
		ctx := context.WithValue(r.Context(), ctxKey{}, "kept")
		r = r.WithContext(ctx)
		fwd, res, err := classify.Classify(r, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if cb.bytes != len(body) {
			t.Errorf("%q: %d bytes read from the original body, want %d", body, cb.bytes, len(body))
		}
		readsAfterClassify := cb.reads
		got, _ := io.ReadAll(fwd.Body)
		if string(got) != body {
			t.Errorf("forwarded body %q, want %q", got, body)
		}
		if string(res.Body) != body {
			t.Errorf("Result.Body %q, want %q", res.Body, body)
		}
		again, err := fwd.GetBody()
		if err != nil {
			t.Fatal(err)
		}
		if got2, _ := io.ReadAll(again); string(got2) != body {
			t.Errorf("GetBody %q, want %q", got2, body)
		}
		if cb.reads != readsAfterClassify {
			t.Errorf("%q: forwarded reads went to the original body", body)
		}
		if fwd.ContentLength != int64(len(body)) || fwd.TransferEncoding != nil {
			t.Errorf("ContentLength %d, TransferEncoding %v", fwd.ContentLength, fwd.TransferEncoding)
		}
		if fwd == r || fwd.Context().Value(ctxKey{}) != "kept" || fwd.Header.Get(pv) != v2026 || fwd.URL.Path != "/mcp" {
			t.Errorf("forwarded request lost the original's context, header or URL")
		}
	}
}

type ctxKey struct{}

// A request of unknown length (chunked, or HTTP/2 without Content-Length)
// is read to EOF just the same.
func TestClassifyUnknownLength(t *testing.T) {
	r, cb := newRequest("POST", toolsCallModern, hdr{pv: v2026})
	r.ContentLength = -1
	r.TransferEncoding = []string{"chunked"}
	fwd, res, err := classify.Classify(r, 1<<20)
	if err != nil || res.Leg != classify.Modern {
		t.Fatalf("%v %v", res.Leg, err)
	}
	if cb.bytes != len(toolsCallModern) || fwd.ContentLength != int64(len(toolsCallModern)) || fwd.TransferEncoding != nil {
		t.Fatalf("read %d, forwarded length %d, encoding %v", cb.bytes, fwd.ContentLength, fwd.TransferEncoding)
	}
}

// Body-less methods are classified without touching the body.
func TestClassifyDoesNotReadGetOrDelete(t *testing.T) {
	for _, m := range []string{"GET", "DELETE", "PUT"} {
		r, cb := newRequest(m, "some body", hdr{sid: "abc"})
		fwd, res, err := classify.Classify(r, 1<<20)
		if err != nil || res.Leg != classify.Legacy || res.SessionID != "abc" {
			t.Fatalf("%s: %v %s %v", m, res.Leg, res.Reason, err)
		}
		if cb.reads != 0 || fwd != r {
			t.Errorf("%s: body read %d times, forwarded %p for %p", m, cb.reads, fwd, r)
		}
	}
}

func TestClassifyBodyOverLimit(t *testing.T) {
	const limit = 64
	body := strings.Repeat(" ", limit-len(toolsListLegacy)) + toolsListLegacy
	tests := []struct {
		name       string
		body       string
		length     int64 // ContentLength; -1 unknown
		wantReject bool
		maxRead    int // the most bytes the classifier may take from the body
	}{
		{"exactly the limit", body, limit, false, limit},
		{"exactly the limit, unknown length", body, -1, false, limit},
		{"one byte over", body + " ", limit + 1, true, 0},
		{"one byte over, unknown length", body + " ", -1, true, limit + 1},
		{"far over, unknown length", strings.Repeat(" ", 10*limit), -1, true, limit + 1},
		{"Content-Length understates", strings.Repeat(" ", 10*limit), 10, true, limit + 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, cb := newRequest("POST", tc.body, nil)
			r.ContentLength = tc.length
			fwd, res, err := classify.Classify(r, limit)
			if err != nil {
				t.Fatalf("err %v", err)
			}
			if cb.bytes > tc.maxRead {
				t.Errorf("read %d bytes, want at most %d", cb.bytes, tc.maxRead)
			}
			if !tc.wantReject {
				if res.Leg != classify.Legacy {
					t.Fatalf("got %v/%s", res.Leg, res.Reason)
				}
				return
			}
			if res.Leg != classify.Reject || res.Reason != classify.ReasonBodyTooLarge || res.Err.Status != 413 || res.Err.Code != -32000 {
				t.Fatalf("got %v/%s %v", res.Leg, res.Reason, res.Err)
			}
			if fwd != r {
				t.Errorf("a refused request is returned as it came")
			}
		})
	}
}

// A limit set further out (http.MaxBytesReader) is still a 413, with that
// limit named.
func TestClassifyOuterMaxBytesReader(t *testing.T) {
	r, _ := newRequest("POST", toolsCallModern, nil)
	r.ContentLength = -1
	r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, 10)
	_, res, err := classify.Classify(r, 1<<20)
	if err != nil || res.Reason != classify.ReasonBodyTooLarge || res.Err.Status != 413 || !strings.Contains(res.Err.Message, "10 bytes") {
		t.Fatalf("%v %s %v", err, res.Reason, res.Err)
	}
}

// Zero means the default limit and a negative limit means none.
func TestClassifyLimitDefaults(t *testing.T) {
	big := toolsListLegacy + strings.Repeat(" ", classify.DefaultMaxBodyBytes)
	r, _ := newRequest("POST", big, nil)
	if _, res, _ := classify.Classify(r, 0); res.Reason != classify.ReasonBodyTooLarge {
		t.Errorf("limit 0: %s, want the default limit", res.Reason)
	}
	r, _ = newRequest("POST", big, nil)
	if _, res, _ := classify.Classify(r, -1); res.Reason != classify.ReasonClaimlessRequest {
		t.Errorf("limit -1: %s, want no limit", res.Reason)
	}
}

// A body that breaks off is a 400 / -32000 refusal returned as err too, and
// is told apart from a body that is not JSON.
func TestClassifyUnreadableBody(t *testing.T) {
	cause := errors.New("connection reset")
	r, _ := newRequest("POST", "", hdr{sid: "abc"})
	r.Body = io.NopCloser(io.MultiReader(strings.NewReader(`{"jsonrpc":`), iotest.ErrReader(cause)))
	r.ContentLength = -1
	fwd, res, err := classify.Classify(r, 1<<20)
	if !errors.Is(err, cause) {
		t.Fatalf("err %v, want the cause", err)
	}
	var pe *protocol.Error
	if !errors.As(err, &pe) || pe.Status != 400 || pe.Code != -32000 {
		t.Fatalf("err %v, want 400 / -32000", err)
	}
	if res.Leg != classify.Reject || res.Reason != classify.ReasonUnreadableBody || res.Err != pe || res.SessionID != "abc" || fwd != r {
		t.Fatalf("result %+v", res)
	}
	// The same bytes, read in full, are merely not JSON.
	r, _ = newRequest("POST", `{"jsonrpc":`, nil)
	if _, res, err := classify.Classify(r, 1<<20); err != nil || res.Reason != classify.ReasonNotJSON {
		t.Fatalf("%v %s", err, res.Reason)
	}
}

// End to end over a real server: a hybrid endpoint routes on the result and
// the winning handler reads the body the client sent.
func TestClassifyOverHTTP(t *testing.T) {
	var mu sync.Mutex
	legs := map[classify.Leg]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fwd, res, err := classify.Classify(r, 1<<20)
		if err != nil || res.Leg == classify.Reject {
			protocol.WriteError(w, res.ID, res.Err)
			return
		}
		b, _ := io.ReadAll(fwd.Body)
		mu.Lock()
		legs[res.Leg] = string(b)
		mu.Unlock()
		w.WriteHeader(http.StatusAccepted)
	}))
	defer srv.Close()

	post := func(body string, h hdr, chunked bool) *http.Response {
		var rd io.Reader = strings.NewReader(body)
		if chunked {
			rd = io.MultiReader(rd) // hides the length: the client sends chunks
		}
		req, _ := http.NewRequest("POST", srv.URL, rd)
		req.Header = h.header()
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	got := func(l classify.Leg) string {
		mu.Lock()
		defer mu.Unlock()
		return legs[l]
	}
	if resp := post(toolsCallModern, hdr{pv: v2026}, true); resp.StatusCode != 202 || got(classify.Modern) != toolsCallModern {
		t.Errorf("modern: %d %q", resp.StatusCode, got(classify.Modern))
	}
	if resp := post(initializedNotif, hdr{sid: "abc", pv: v2025}, false); resp.StatusCode != 202 || got(classify.Legacy) != initializedNotif {
		t.Errorf("legacy: %d %q", resp.StatusCode, got(classify.Legacy))
	}
	if resp := post("[]", nil, false); resp.StatusCode != 400 {
		t.Errorf("empty batch: %d", resp.StatusCode)
	}
}

// The forwarded body is independent of the caller's reader: reading it does
// not race with anything the original body does later.
func TestForwardedBodyIsOwned(t *testing.T) {
	src := []byte(toolsListLegacy)
	r := httptest.NewRequest("POST", "/", bytes.NewReader(src))
	fwd, _, _ := classify.Classify(r, 1<<20)
	copy(src, bytes.Repeat([]byte{'x'}, len(src)))
	if got, _ := io.ReadAll(fwd.Body); string(got) != toolsListLegacy {
		t.Fatalf("forwarded body %q changed with the source buffer", got)
	}
}
