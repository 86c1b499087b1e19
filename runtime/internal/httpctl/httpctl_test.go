package httpctl

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// deadlines records the deadlines set on it and answers flushes.
type deadlines struct {
	http.ResponseWriter
	read, write time.Time
	flushed     bool
}

func (d *deadlines) SetReadDeadline(t time.Time) error  { d.read = t; return nil }
func (d *deadlines) SetWriteDeadline(t time.Time) error { d.write = t; return nil }
func (d *deadlines) FlushError() error                  { d.flushed = true; return nil }

// wrapped hides its writer's methods behind Unwrap, as middleware does.
type wrapped struct{ w http.ResponseWriter }

func (w wrapped) Header() http.Header         { return w.w.Header() }
func (w wrapped) Write(b []byte) (int, error) { return w.w.Write(b) }
func (w wrapped) WriteHeader(code int)        { w.w.WriteHeader(code) }
func (w wrapped) Unwrap() http.ResponseWriter { return w.w }

// opaque hides them without Unwrap.
type opaque struct{ http.ResponseWriter }

// Each call reaches the writer that implements it through any number of
// Unwraps, and reports http.ErrNotSupported, as http.ResponseController
// does, when none does.
func TestAgreesWithResponseController(t *testing.T) {
	d := &deadlines{ResponseWriter: httptest.NewRecorder()}
	w := wrapped{wrapped{d}}
	at := time.Unix(1700000000, 0)
	if err := SetReadDeadline(w, at); err != nil || !d.read.Equal(at) {
		t.Errorf("SetReadDeadline: %v, deadline %v", err, d.read)
	}
	if err := SetWriteDeadline(w, at.Add(time.Second)); err != nil || !d.write.Equal(at.Add(time.Second)) {
		t.Errorf("SetWriteDeadline: %v, deadline %v", err, d.write)
	}
	if err := Flush(w); err != nil || !d.flushed {
		t.Errorf("Flush: %v, flushed %v", err, d.flushed)
	}

	rec := httptest.NewRecorder()
	if err := Flush(wrapped{rec}); err != nil || !rec.Flushed {
		t.Errorf("Flush of an http.Flusher: %v, flushed %v", err, rec.Flushed)
	}
	for _, w := range []http.ResponseWriter{opaque{d}, wrapped{opaque{d}}} {
		rc := http.NewResponseController(w)
		for name, pair := range map[string][2]error{
			"SetReadDeadline":  {SetReadDeadline(w, at), rc.SetReadDeadline(at)},
			"SetWriteDeadline": {SetWriteDeadline(w, at), rc.SetWriteDeadline(at)},
		} {
			if !errors.Is(pair[0], http.ErrNotSupported) || !errors.Is(pair[1], http.ErrNotSupported) {
				t.Errorf("%s on %T: %v, ResponseController %v; want both http.ErrNotSupported", name, w, pair[0], pair[1])
			}
		}
	}
	if err := Flush(opaque{httptest.NewRecorder()}); !errors.Is(err, http.ErrNotSupported) {
		t.Errorf("Flush on a writer without it: %v", err)
	}
}

// What the package is for: no allocation per call, supported or not.
func TestNoAllocations(t *testing.T) {
	var w http.ResponseWriter = opaque{httptest.NewRecorder()}
	at := time.Now()
	if n := testing.AllocsPerRun(100, func() {
		SetReadDeadline(w, at)
		SetWriteDeadline(w, at)
		Flush(w)
	}); n != 0 {
		t.Errorf("unsupported calls allocate %v times", n)
	}
}
