package classify_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Bodies and headers the table is built from.
const (
	v2026 = protocol.Version20260728
	v2025 = protocol.Version20251125

	claimMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

	toolsCallModern   = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},` + claimMeta + `}}`
	toolsListLegacy   = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	initializeLegacy  = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	initializedNotif  = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	cancelledNotif    = `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`
	postedResult      = `{"jsonrpc":"2.0","id":"s1","result":{}}`
	postedError       = `{"jsonrpc":"2.0","id":"s1","error":{"code":-1,"message":"no"}}`
	initializeClaimed = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2026-07-28",` + claimMeta + `}}`
)

// withMeta is a tools/list request whose params._meta is meta verbatim.
func withMeta(meta string) string {
	return `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"_meta":` + meta + `}}`
}

// claimOf is a tools/list request claiming revision v.
func claimOf(v string) string {
	return withMeta(`{"io.modelcontextprotocol/protocolVersion":` + strconv.Quote(v) + `}`)
}

type hdr map[string]string

func (h hdr) header() http.Header {
	out := http.Header{}
	for k, v := range h {
		out.Set(k, v)
	}
	return out
}

const (
	pv  = protocol.HeaderProtocolVersion
	sid = protocol.HeaderSessionID
	mm  = protocol.HeaderMethod
)

type want struct {
	leg    classify.Leg
	reason classify.Reason
	status int   // Reject only
	code   int64 // Reject only
	id     any   // Result.ID
	ver    string
	init   bool
	batch  bool
	msgs   int
}

type tableCase struct {
	name   string
	method string
	header hdr
	body   string
	want   want
}

func legacy(r classify.Reason) want { return want{leg: classify.Legacy, reason: r} }
func modern(r classify.Reason, id any) want {
	return want{leg: classify.Modern, reason: r, id: id, ver: v2026, msgs: 1}
}
func reject(r classify.Reason, status int, code int64) want {
	return want{leg: classify.Reject, reason: r, status: status, code: code}
}

// with returns w with the optional fields set by f.
func (w want) with(f func(*want)) want { f(&w); return w }

func table() []tableCase {
	return []tableCase{
		// Rule 1: methods other than POST, whatever they carry.
		{"GET", "GET", nil, "", legacy(classify.ReasonGet)},
		{"GET with session", "GET", hdr{sid: "abc", pv: v2025}, "", legacy(classify.ReasonGet).with(func(w *want) { w.ver = v2025 })},
		// 2026-07-28 has no GET stream and no sessions: 405, also when a
		// session id comes along (it is ignored at that revision).
		{"GET with modern header", "GET", hdr{pv: v2026}, "", reject(classify.ReasonModernGetDelete, 405, protocol.CodeServerError).with(func(w *want) { w.ver = v2026 })},
		{"DELETE with session and modern header", "DELETE", hdr{sid: "abc", pv: v2026}, "", reject(classify.ReasonModernGetDelete, 405, protocol.CodeServerError).with(func(w *want) { w.ver = v2026 })},
		{"GET with session and a later revision", "GET", hdr{sid: "abc", pv: "2027-01-01"}, "", reject(classify.ReasonModernGetDelete, 405, protocol.CodeServerError).with(func(w *want) { w.ver = "2027-01-01" })},
		{"DELETE with session", "DELETE", hdr{sid: "abc", pv: v2025}, "", legacy(classify.ReasonDelete).with(func(w *want) { w.ver = v2025 })},
		{"GET with session and a session revision", "GET", hdr{sid: "abc", pv: v2025}, "", legacy(classify.ReasonGet).with(func(w *want) { w.ver = v2025 })},
		{"PUT", "PUT", nil, toolsCallModern, legacy(classify.ReasonHTTPMethod)},
		{"lowercase post is not POST", "post", nil, toolsCallModern, legacy(classify.ReasonHTTPMethod)},

		// Rule 2: bodies that are not JSON.
		{"empty body", "POST", nil, "", legacy(classify.ReasonNotJSON)},
		{"blank body", "POST", nil, " \n\t", legacy(classify.ReasonNotJSON)},
		{"truncated JSON", "POST", nil, `{"jsonrpc":"2.0",`, legacy(classify.ReasonNotJSON)},
		{"text with session", "POST", hdr{sid: "abc"}, "hello", legacy(classify.ReasonNotJSON)},
		{"text with modern header", "POST", hdr{pv: v2026}, "hello", legacy(classify.ReasonNotJSON).with(func(w *want) { w.ver = v2026 })},
		{"two JSON values", "POST", nil, toolsListLegacy + toolsListLegacy, legacy(classify.ReasonNotJSON)},
		{"truncated array", "POST", nil, "[" + toolsListLegacy + ",", legacy(classify.ReasonNotJSON)},
		{"bare word", "POST", nil, "nul", legacy(classify.ReasonNotJSON)},
		{"no-break space before JSON", "POST", nil, "\u00a0" + toolsListLegacy, legacy(classify.ReasonNotJSON)},

		// Rule 3: batches.
		{"legacy batch", "POST", hdr{sid: "abc"}, "[" + toolsListLegacy + "," + initializedNotif + "]",
			legacy(classify.ReasonBatch).with(func(w *want) { w.batch, w.msgs = true, 2 })},
		{"batch with initialize and response", "POST", nil, "[" + initializeLegacy + "," + postedResult + "]",
			legacy(classify.ReasonBatch).with(func(w *want) { w.batch, w.msgs = true, 2 })},
		{"single-element batch", "POST", nil, "[" + toolsListLegacy + "]",
			legacy(classify.ReasonBatch).with(func(w *want) { w.batch, w.msgs = true, 1 })},
		{"batch with a modern header stays legacy", "POST", hdr{pv: v2026}, "[" + toolsListLegacy + "]",
			legacy(classify.ReasonBatch).with(func(w *want) { w.batch, w.msgs, w.ver = true, 1, v2026 })},
		{"empty batch", "POST", nil, "[]", reject(classify.ReasonEmptyBatch, 400, -32600).with(func(w *want) { w.batch = true })},
		{"empty batch with space", "POST", nil, " [ ] ", reject(classify.ReasonEmptyBatch, 400, -32600).with(func(w *want) { w.batch = true })},
		{"batch with modern element", "POST", nil, "[" + toolsListLegacy + "," + toolsCallModern + "]",
			reject(classify.ReasonBatchWithModernElement, 400, -32600).with(func(w *want) { w.batch = true })},
		{"batch with malformed claim element", "POST", nil, "[" + withMeta(`{"io.modelcontextprotocol/protocolVersion":5}`) + "]",
			reject(classify.ReasonBatchWithModernElement, 400, -32600).with(func(w *want) { w.batch = true })},
		{"batch with number element", "POST", nil, "[" + toolsListLegacy + ",1]", reject(classify.ReasonInvalidElement, 400, -32600).with(func(w *want) { w.batch = true })},
		{"batch with element lacking jsonrpc", "POST", nil, `[{"id":1,"method":"ping"}]`, reject(classify.ReasonInvalidElement, 400, -32600).with(func(w *want) { w.batch = true })},
		{"nested batch", "POST", nil, "[[" + toolsListLegacy + "]]", reject(classify.ReasonInvalidElement, 400, -32600).with(func(w *want) { w.batch = true })},

		// Rule 4: JSON that is not one JSON-RPC message.
		{"number", "POST", nil, "42", reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"string", "POST", nil, `"x"`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"null", "POST", nil, "null", reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"empty object", "POST", nil, "{}", reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"no jsonrpc member", "POST", nil, `{"id":1,"method":"ping"}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"jsonrpc 1.0", "POST", nil, `{"jsonrpc":"1.0","id":1,"method":"ping"}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"jsonrpc case differs", "POST", nil, `{"JSONRPC":"2.0","id":1,"method":"ping"}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"method null", "POST", nil, `{"jsonrpc":"2.0","id":1,"method":null}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"method number", "POST", nil, `{"jsonrpc":"2.0","id":1,"method":3}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"id object", "POST", nil, `{"jsonrpc":"2.0","id":{},"method":"ping"}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"response without result or error", "POST", nil, `{"jsonrpc":"2.0","id":1}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"response with result and error", "POST", nil, `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"response with null error only", "POST", nil, `{"jsonrpc":"2.0","id":1,"error":null}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"response without id", "POST", nil, `{"jsonrpc":"2.0","result":{}}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},
		{"invalid JSON-RPC with session", "POST", hdr{sid: "abc"}, `{"id":1}`, reject(classify.ReasonInvalidJSONRPC, 400, -32600)},

		// Rule 5: posted responses.
		{"posted result", "POST", nil, postedResult, legacy(classify.ReasonPostedResponse).with(func(w *want) { w.msgs = 1 })},
		{"posted result with modern header", "POST", hdr{pv: v2026}, postedResult, legacy(classify.ReasonPostedResponse).with(func(w *want) { w.msgs, w.ver = 1, v2026 })},
		{"posted error with session", "POST", hdr{sid: "abc", pv: v2025}, postedError, legacy(classify.ReasonSessionID).with(func(w *want) { w.msgs, w.ver = 1, v2025 })},
		{"posted null result", "POST", nil, `{"jsonrpc":"2.0","id":3,"result":null}`, legacy(classify.ReasonPostedResponse).with(func(w *want) { w.msgs = 1 })},

		// Rule 6: a claim decides the era.
		{"modern tools/call", "POST", hdr{pv: v2026, mm: "tools/call", "Mcp-Name": "echo"}, toolsCallModern, modern(classify.ReasonModernClaim, int64(1))},
		{"modern tools/call with a session id: the claim wins", "POST", hdr{pv: v2026, sid: "volunteered"}, toolsCallModern, modern(classify.ReasonModernClaim, int64(1))},
		{"modern with string id", "POST", hdr{pv: v2026}, `{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{` + claimMeta + `}}`, modern(classify.ReasonModernClaim, "a")},
		{"modern notification with claim", "POST", hdr{pv: v2026}, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{` + claimMeta + `}}`, modern(classify.ReasonModernClaim, nil)},
		{"modern with minimal envelope", "POST", hdr{pv: v2026}, claimOf(v2026), modern(classify.ReasonModernClaim, int64(7))},
		{"modern with null id is a notification", "POST", hdr{pv: v2026}, `{"jsonrpc":"2.0","id":null,"method":"tools/list","params":{` + claimMeta + `}}`, modern(classify.ReasonModernClaim, nil)},
		{"initialize with a valid claim is modern", "POST", hdr{pv: v2026}, initializeClaimed, modern(classify.ReasonModernClaim, int64(0)).with(func(w *want) { w.init = true })},
		{"claim not a string", "POST", hdr{pv: v2026}, withMeta(`{"io.modelcontextprotocol/protocolVersion":20260728}`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"claim null", "POST", hdr{pv: v2026}, withMeta(`{"io.modelcontextprotocol/protocolVersion":null}`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"claim empty", "POST", hdr{pv: v2026}, claimOf(""), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"claim with session id still validated", "POST", hdr{pv: v2026, sid: "abc"}, withMeta(`{"io.modelcontextprotocol/protocolVersion":{}}`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"clientCapabilities not an object", "POST", hdr{pv: v2026}, withMeta(`{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":[]}`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"clientInfo not an object", "POST", hdr{pv: v2026}, withMeta(`{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":"me"}`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"logLevel not a string", "POST", hdr{pv: v2026}, withMeta(`{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/logLevel":1}`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"header differs from claim", "POST", hdr{pv: v2025}, toolsCallModern, reject(classify.ReasonHeaderMismatch, 400, -32020).with(func(w *want) { w.id, w.ver = int64(1), v2025 })},
		{"header missing", "POST", nil, toolsCallModern, reject(classify.ReasonMissingVersionHeader, 400, -32020).with(func(w *want) { w.id = int64(1) })},
		{"header missing with session id", "POST", hdr{sid: "abc"}, toolsCallModern, reject(classify.ReasonMissingVersionHeader, 400, -32020).with(func(w *want) { w.id = int64(1) })},
		{"Mcp-Method differs", "POST", hdr{pv: v2026, mm: "tools/list"}, toolsCallModern, reject(classify.ReasonMethodHeaderMismatch, 400, -32020).with(func(w *want) { w.id, w.ver = int64(1), v2026 })},
		{"future claim", "POST", hdr{pv: "2027-01-01"}, claimOf("2027-01-01"), reject(classify.ReasonUnsupportedModernRevision, 400, -32022).with(func(w *want) { w.id, w.ver = int64(7), "2027-01-01" })},
		{"session revision claimed", "POST", hdr{pv: v2025}, claimOf(v2025), reject(classify.ReasonUnsupportedModernRevision, 400, -32022).with(func(w *want) { w.id, w.ver = int64(7), v2025 })},
		{"garbage claim", "POST", hdr{pv: "zzz"}, claimOf("zzz"), reject(classify.ReasonUnsupportedModernRevision, 400, -32022).with(func(w *want) { w.id, w.ver = int64(7), "zzz" })},

		// Rule 7: no claim, a modern header.
		{"modern notification", "POST", hdr{pv: v2026, mm: "notifications/cancelled"}, cancelledNotif, modern(classify.ReasonModernNotification, nil)},
		{"modern notification with session id", "POST", hdr{pv: v2026, sid: "abc"}, cancelledNotif, modern(classify.ReasonModernNotification, nil)},
		{"modern notification with header whitespace", "POST", hdr{pv: " 2026-07-28\t"}, cancelledNotif, modern(classify.ReasonModernNotification, nil)},
		{"initialize with modern header", "POST", hdr{pv: v2026}, initializeLegacy, reject(classify.ReasonInitializeWithModernHdr, 400, -32020).with(func(w *want) { w.id, w.ver, w.init = int64(0), v2026, true })},
		{"initialize with future header and session", "POST", hdr{pv: "2030-01-01", sid: "abc"}, initializeLegacy, reject(classify.ReasonInitializeWithModernHdr, 400, -32020).with(func(w *want) { w.id, w.ver, w.init = int64(0), "2030-01-01", true })},
		{"claimless request with modern header", "POST", hdr{pv: v2026}, toolsListLegacy, reject(classify.ReasonModernHeaderWithoutClaim, 400, -32602).with(func(w *want) { w.id, w.ver = int64(2), v2026 })},
		{"claimless request with modern header and session", "POST", hdr{pv: v2026, sid: "abc"}, toolsListLegacy, reject(classify.ReasonModernHeaderWithoutClaim, 400, -32602).with(func(w *want) { w.id, w.ver = int64(2), v2026 })},
		{"modern header, _meta not an object", "POST", hdr{pv: v2026}, withMeta(`5`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"modern header, _meta an array", "POST", hdr{pv: v2026}, withMeta(`[]`), reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.id, w.ver = int64(7), v2026 })},
		{"modern notification, bad reserved key", "POST", hdr{pv: v2026}, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"_meta":{"io.modelcontextprotocol/clientInfo":1}}}`, reject(classify.ReasonInvalidEnvelope, 400, -32602).with(func(w *want) { w.ver = v2026 })},
		{"modern notification, Mcp-Method differs", "POST", hdr{pv: v2026, mm: "notifications/progress"}, cancelledNotif, reject(classify.ReasonMethodHeaderMismatch, 400, -32020).with(func(w *want) { w.ver = v2026 })},
		{"future header, claimless notification", "POST", hdr{pv: "2027-01-01"}, cancelledNotif, reject(classify.ReasonUnsupportedModernRevision, 400, -32022).with(func(w *want) { w.ver = "2027-01-01" })},

		// Rule 8: legacy traffic.
		{"initialize", "POST", nil, initializeLegacy, legacy(classify.ReasonInitialize).with(func(w *want) { w.id, w.ver, w.init, w.msgs = int64(0), v2025, true, 1 })},
		{"initialize with session header", "POST", hdr{sid: "abc", pv: protocol.Version20250618}, initializeLegacy, legacy(classify.ReasonInitialize).with(func(w *want) { w.id, w.ver, w.init, w.msgs = int64(0), v2025, true, 1 })},
		{"initialize without protocolVersion keeps the header", "POST", hdr{pv: protocol.Version20250326}, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`, legacy(classify.ReasonInitialize).with(func(w *want) { w.id, w.ver, w.init, w.msgs = int64(0), protocol.Version20250326, true, 1 })},
		{"follow-up with session", "POST", hdr{sid: "abc", pv: v2025}, toolsListLegacy, legacy(classify.ReasonSessionID).with(func(w *want) { w.id, w.ver, w.msgs = int64(2), v2025, 1 })},
		{"notifications/initialized with session", "POST", hdr{sid: "abc", pv: v2025}, initializedNotif, legacy(classify.ReasonSessionID).with(func(w *want) { w.ver, w.msgs = v2025, 1 })},
		{"claimless request", "POST", nil, toolsListLegacy, legacy(classify.ReasonClaimlessRequest).with(func(w *want) { w.id, w.msgs = int64(2), 1 })},
		{"claimless notification", "POST", nil, initializedNotif, legacy(classify.ReasonClaimlessNotification).with(func(w *want) { w.msgs = 1 })},
		{"garbage header is not modern", "POST", hdr{pv: "zzz"}, toolsListLegacy, legacy(classify.ReasonClaimlessRequest).with(func(w *want) { w.id, w.ver, w.msgs = int64(2), "zzz", 1 })},
		{"_meta not an object without a modern header", "POST", nil, withMeta(`5`), legacy(classify.ReasonClaimlessRequest).with(func(w *want) { w.id, w.msgs = int64(7), 1 })},
		{"_meta null", "POST", nil, withMeta(`null`), legacy(classify.ReasonClaimlessRequest).with(func(w *want) { w.id, w.msgs = int64(7), 1 })},
		{"_meta without the claim", "POST", hdr{sid: "abc"}, withMeta(`{"progressToken":1}`), legacy(classify.ReasonSessionID).with(func(w *want) { w.id, w.msgs = int64(7), 1 })},
		{"claim key in another case is no claim", "POST", nil, withMeta(`{"io.modelcontextprotocol/ProtocolVersion":"2026-07-28"}`), legacy(classify.ReasonClaimlessRequest).with(func(w *want) { w.id, w.msgs = int64(7), 1 })},
		{"positional params", "POST", nil, `{"jsonrpc":"2.0","id":9,"method":"x","params":[1,2]}`, legacy(classify.ReasonClaimlessRequest).with(func(w *want) { w.id, w.msgs = int64(9), 1 })},
	}
}

func TestClassifyParts(t *testing.T) {
	for _, tc := range table() {
		t.Run(tc.name, func(t *testing.T) {
			var body []byte
			if tc.body != "" {
				body = []byte(tc.body)
			}
			got := classify.ClassifyParts(tc.method, tc.header.header(), body)
			checkResult(t, tc, got)
		})
	}
}

func checkResult(t *testing.T, tc tableCase, got classify.Result) {
	t.Helper()
	w := tc.want
	if got.Leg != w.leg || got.Reason != w.reason {
		t.Fatalf("got %v/%s, want %v/%s (err %v)", got.Leg, got.Reason, w.leg, w.reason, got.Err)
	}
	if w.leg == classify.Reject {
		if got.Err == nil {
			t.Fatalf("reject without an error")
		}
		if got.Err.Status != w.status || got.Err.Code != w.code {
			t.Errorf("error %d/%d, want %d/%d", got.Err.Status, got.Err.Code, w.status, w.code)
		}
	} else if got.Err != nil {
		t.Errorf("%v result carries an error: %v", got.Leg, got.Err)
	}
	if got.ID != w.id {
		t.Errorf("ID = %#v, want %#v", got.ID, w.id)
	}
	if got.Version != w.ver {
		t.Errorf("Version = %q, want %q", got.Version, w.ver)
	}
	if got.IsInitialize != w.init {
		t.Errorf("IsInitialize = %v, want %v", got.IsInitialize, w.init)
	}
	if got.Batch != w.batch {
		t.Errorf("Batch = %v, want %v", got.Batch, w.batch)
	}
	if w.leg != classify.Reject && messages(got) != w.msgs {
		t.Errorf("%d messages, want %d", messages(got), w.msgs)
	}
	if want := tc.header.header().Get(sid); got.SessionID != want {
		t.Errorf("SessionID = %q, want %q", got.SessionID, want)
	}
	if got.Body == nil && tc.method == "POST" && tc.body != "" {
		t.Errorf("Body not kept")
	}
}

// Every Reason the package declares is produced by some case of the table or
// by the Classify tests that read a body (the two body-read reasons), so a
// new rule cannot land without a case.
func TestEveryReasonIsCovered(t *testing.T) {
	covered := map[classify.Reason]bool{
		classify.ReasonBodyTooLarge:   true, // TestClassifyBodyOverLimit
		classify.ReasonUnreadableBody: true, // TestClassifyUnreadableBody
	}
	for _, tc := range table() {
		covered[tc.want.reason] = true
	}
	for _, r := range declaredReasons(t) {
		if !covered[classify.Reason(r)] {
			t.Errorf("reason %q has no case in the table", r)
		}
	}
}

// declaredReasons reads the Reason constants out of result.go.
func declaredReasons(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "result.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || vs.Type == nil || types(vs.Type) != "Reason" {
			return true
		}
		for _, v := range vs.Values {
			if lit, ok := v.(*ast.BasicLit); ok {
				s, _ := strconv.Unquote(lit.Value)
				out = append(out, s)
			}
		}
		return true
	})
	if len(out) < 20 {
		t.Fatalf("found only %d Reason constants in result.go: %v", len(out), out)
	}
	return out
}

func types(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// Reasons are distinct: two rules never share a name.
func TestReasonsAreDistinct(t *testing.T) {
	rs := declaredReasons(t)
	slices.Sort(rs)
	if c := slices.Compact(slices.Clone(rs)); len(c) != len(rs) {
		t.Fatalf("duplicate reasons in %v", rs)
	}
}

// A reject is written through protocol.WriteError with the request's id, and
// an unsupported revision lists what the endpoint serves.
func TestRejectWritesItsError(t *testing.T) {
	res := classify.ClassifyParts("POST", hdr{pv: "2027-01-01"}.header(), []byte(claimOf("2027-01-01")))
	rec := httptest.NewRecorder()
	protocol.WriteError(rec, res.ID, res.Err)
	if rec.Code != 400 {
		t.Fatalf("status %d", rec.Code)
	}
	var body struct {
		ID    any `json:"id"`
		Error struct {
			Code int64 `json:"code"`
			Data struct {
				Supported []string `json:"supported"`
				Requested string   `json:"requested"`
			} `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	if body.ID != float64(7) || body.Error.Code != -32022 || body.Error.Data.Requested != "2027-01-01" {
		t.Errorf("body %s", rec.Body)
	}
	if want := []string{v2026, v2025, protocol.Version20250618, protocol.Version20250326}; !slices.Equal(body.Error.Data.Supported, want) {
		t.Errorf("supported %v, want %v", body.Error.Data.Supported, want)
	}
}

// The payload holds go-sdk's message types, so a leg can use them instead
// of decoding again.
func TestMessagesAreDecoded(t *testing.T) {
	res := classify.ClassifyParts("POST", hdr{pv: v2026}.header(), []byte(toolsCallModern))
	if messages(res) != 1 {
		t.Fatalf("%d messages", messages(res))
	}
	b, err := jsonrpc.EncodeMessage(res.Payload.Messages[0].Msg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"tools/call"`) {
		t.Errorf("message %s", b)
	}
}
