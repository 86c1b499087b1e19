package refusedhandshake_test

import (
	"bytes"
	"encoding/gob"
	"testing"

	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

// Facts travel between vet processes gob-encoded; the encoding must be
// deterministic (build caches key on it) and must round-trip.
func TestLeakyConstructorFactRoundTrip(t *testing.T) {
	fact := &refusedhandshake.LeakyConstructor{Via: "lib.NewSessionTransport"}
	encode := func() []byte {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	first, second := encode(), encode()
	if !bytes.Equal(first, second) {
		t.Fatalf("encoding is not deterministic:\n%x\n%x", first, second)
	}
	var got refusedhandshake.LeakyConstructor
	if err := gob.NewDecoder(bytes.NewReader(first)).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got != *fact {
		t.Fatalf("round trip: got %+v, want %+v", got, *fact)
	}
	if got.String() != "leakyConstructor(lib.NewSessionTransport)" {
		t.Fatalf("String() = %q", got.String())
	}
}
