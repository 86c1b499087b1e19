package sessionstore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/sessionstore/storetest"
)

func TestMemory(t *testing.T) {
	storetest.Run(t, func(*testing.T) sessionstore.Store { return sessionstore.NewMemory(0) })
}

func TestMemoryBadRecords(t *testing.T) {
	storetest.RunBadRecords(t, func(*testing.T) (sessionstore.Store, storetest.RawPut) {
		m := sessionstore.NewMemory(0)
		return m, func(_ *testing.T, id string, body []byte, principal string, epoch uint64) {
			m.PutRaw(id, body, principal, epoch, time.Minute)
		}
	})
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
	rec := storetest.Record(7)
	data, err := sessionstore.Encode(rec)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sessionstore.Decode(data)
	// The principal, holder and epoch live beside the body.
	got.Principal, got.Node, got.Epoch = rec.Principal, rec.Node, rec.Epoch
	if err != nil || storetest.Equal(got, rec) != "" {
		t.Fatalf("round trip: %v %s", err, storetest.Equal(got, rec))
	}
}

// A record over MaxRecordBytes is refused when written, not stored.
func TestEncodeRefusesOversized(t *testing.T) {
	rec := storetest.Record(1)
	rec.State.InitializeParams.ClientInfo.Name = strings.Repeat("x", sessionstore.MaxRecordBytes)
	if _, err := sessionstore.Encode(rec); err == nil {
		t.Fatal("Encode of an oversized record succeeded")
	}
	m := sessionstore.NewMemory(0)
	if err := m.Put(context.Background(), "n1.BIG", rec, time.Minute); err == nil || m.Len() != 0 {
		t.Fatalf("Put of an oversized record: %v, %d held", err, m.Len())
	}
}
