package sessionstore_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/sessionstore/storetest"
)

func TestMemory(t *testing.T) {
	storetest.Run(t, func(*testing.T) sessionstore.Store { return sessionstore.NewMemory(0) })
}

func TestMemoryFull(t *testing.T) {
	ctx := context.Background()
	m := sessionstore.NewMemory(2)
	for i := range 2 {
		if err := m.Put(ctx, fmt.Sprint("n1.", i), storetest.Record(i), time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Put(ctx, "n1.x", storetest.Record(3), time.Minute); !errors.Is(err, sessionstore.ErrFull) {
		t.Fatalf("Put beyond the limit: %v, want ErrFull", err)
	}
	// Replacing a held record is not growth.
	if err := m.Put(ctx, "n1.0", storetest.Record(4), time.Minute); err != nil {
		t.Fatalf("replacing a record in a full store: %v", err)
	}
}

func TestDecodeRefusesOtherFormats(t *testing.T) {
	for _, data := range []string{`{"v":2,"state":{"initializeParams":{}}}`, `{"v":1,"state":{}}`, `not json`} {
		if _, err := sessionstore.Decode([]byte(data)); !errors.Is(err, sessionstore.ErrFormat) {
			t.Errorf("Decode(%s): %v, want ErrFormat", data, err)
		}
	}
	data, err := sessionstore.Encode(storetest.Record(7))
	if err != nil {
		t.Fatal(err)
	}
	got, err := sessionstore.Decode(data)
	if err != nil || storetest.Equal(got, storetest.Record(7)) != "" {
		t.Fatalf("round trip: %v %s", err, storetest.Equal(got, storetest.Record(7)))
	}
}
