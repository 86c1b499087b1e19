package edge_test

import (
	"testing"

	"github.com/mcpwire/mcpwire/runtime/edge"
)

func TestNameParam(t *testing.T) {
	for _, tt := range []struct {
		method, params, name string
		ok                   bool
	}{
		{"tools/call", `{"name":"echo","arguments":{"a":1}}`, "echo", true},
		{"tools/call", `{"name":"a","name":"b"}`, "b", true},
		{"tools/call", `{"Name":"x"}`, "", true}, // go-sdk matches exact case: no name
		{"tools/call", `{"arguments":5,"_meta":null}`, "", true},
		{"prompts/get", `{"name":"p","arguments":{"k":"v"}}`, "p", true},
		{"resources/read", `{"uri":"file:///a","name":"ignored"}`, "file:///a", true},
		{"tools/call", `{"name":7}`, "", false},
		{"tools/call", `{"name":null}`, "", false},
		{"tools/call", `{"name":"e\u0063ho"}`, "", false},
		{"tools/call", `{"n\u0061me":"echo"}`, "", false},
		{"tools/call", `{"name":"echo","_meta":[]}`, "", false},
		{"tools/call", `{"name":"echo","requestState":"s"}`, "", false},
		{"tools/call", `{"name":"echo","inputResponses":{}}`, "", false},
		{"prompts/get", `{"name":"p","arguments":{"k":1}}`, "", false},
		{"prompts/get", `{"name":"p","arguments":[]}`, "", false},
		{"tools/call", `["echo"]`, "", false},
		{"tools/call", ``, "", false},
		{"tools/list", `{"name":"echo"}`, "", false},
	} {
		name, ok := edge.NameParam(tt.method, []byte(tt.params))
		if name != tt.name || ok != tt.ok {
			t.Errorf("NameParam(%s, %s) = %q, %v; want %q, %v", tt.method, tt.params, name, ok, tt.name, tt.ok)
		}
	}
}
