package streamable

import (
	"net/http/httptest"
	"testing"
	"time"
)

// deadlineWriter records the write deadline the transport sets on it.
type deadlineWriter struct {
	*httptest.ResponseRecorder
	deadline time.Time
}

func (w *deadlineWriter) SetWriteDeadline(d time.Time) error { w.deadline = d; return nil }

// A stream attached by a request that raced Close (it passed the closed
// check before the close, and attaches after the writes were aborted) is
// aborted as it is tracked, so no write of it can wait on a stuck client.
func TestTrackAfterAbort(t *testing.T) {
	tr := NewTransport(Options{SessionIDGenerator: RandomSessionID})
	before := &deadlineWriter{ResponseRecorder: httptest.NewRecorder()}
	tr.trackWrites(&writeCtl{before})
	tr.Close()
	if before.deadline.IsZero() {
		t.Fatal("Close did not abort the writes of an attached stream")
	}
	after := &deadlineWriter{ResponseRecorder: httptest.NewRecorder()}
	tr.trackWrites(&writeCtl{after})
	if after.deadline.IsZero() || after.deadline.After(time.Now()) {
		t.Fatalf("a stream attached after Close got write deadline %v, want one in the past", after.deadline)
	}
}
