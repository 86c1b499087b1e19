package refusedhandshake_test

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

// Facts travel between vet processes gob-encoded; the encoding must be
// deterministic (build caches key on it) and must round-trip.
func TestFactsRoundTrip(t *testing.T) {
	roundTrip(t, &refusedhandshake.LeakyConstructor{Via: "lib.NewSessionTransport"}, "leakyConstructor(lib.NewSessionTransport)")
	roundTrip(t, &refusedhandshake.ClosingConstructor{Via: "streamable.NewTransport"}, "closingConstructor(streamable.NewTransport)")
	roundTrip(t, &refusedhandshake.SessionFactory{Result: 1, Results: 3}, "sessionFactory(1/3)")
	roundTrip(t, &refusedhandshake.Connector{Transport: 1, Result: 0, Results: 2, Ctx: -1}, "connector(t=1, 0/2)")
	roundTrip(t, &refusedhandshake.Connector{Transport: 0, Result: -1, Ctx: 2}, "runner(t=0, ctx=2)")
	roundTrip(t, &refusedhandshake.RefusalDefeated{Method: "server/discover", Handler: "mcp.Server.discover"}, `refusalDefeated("server/discover", mcp.Server.discover)`)
}

func roundTrip[F interface {
	comparable
	String() string
}](t *testing.T, fact F, str string) {
	t.Helper()
	encode := func() []byte {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	first, second := encode(), encode()
	if !bytes.Equal(first, second) {
		t.Fatalf("%T: encoding is not deterministic:\n%x\n%x", fact, first, second)
	}
	got := reflect.New(reflect.TypeOf(fact).Elem())
	if err := gob.NewDecoder(bytes.NewReader(first)).DecodeValue(got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Interface(), any(fact)) {
		t.Fatalf("round trip: got %+v, want %+v", got.Interface(), fact)
	}
	if s := fact.String(); s != str {
		t.Fatalf("%T.String() = %q, want %q", fact, s, str)
	}
}
