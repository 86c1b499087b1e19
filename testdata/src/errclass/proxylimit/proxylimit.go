// Package proxylimit: a body capped with http.MaxBytesReader and handed to
// an httputil.ReverseProxy fails inside the proxy's round trip; the proxy
// answers that failure through its ErrorHandler (502 when none is set), so
// a body over the limit must be told apart there to get 413.
package proxylimit

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
)

const limit = 1 << 20

// defaulted: no ErrorHandler, so the proxy answers 502.
func defaulted(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		rp.ServeHTTP(w, r) // want `hands a MaxBytesReader-capped body to a ReverseProxy; with no ErrorHandler it answers 502 to a body over the limit: answer 413`
	})
}

// badGateway: the ErrorHandler answers every failure 502.
func badGateway(target *url.URL) http.Handler {
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) { pr.SetURL(target) },
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			http.Error(w, "upstream unavailable", http.StatusBadGateway)
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		rp.ServeHTTP(w, r.WithContext(r.Context())) // want `its ErrorHandler answers 502 to a body over the limit: answer 413`
	})
}

// gateway holds its proxy in a field, and names its ErrorHandler.
type gateway struct {
	proxy *httputil.ReverseProxy
}

func newGateway(target *url.URL) *gateway {
	g := &gateway{proxy: httputil.NewSingleHostReverseProxy(target)}
	g.proxy.ErrorHandler = g.proxyFailed
	return g
}

func (g *gateway) proxyFailed(w http.ResponseWriter, r *http.Request, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusServiceUnavailable)
	fmt.Fprintf(w, `{"error":%q}`, "upstream failed")
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	g.proxy.ServeHTTP(w, r) // want `its ErrorHandler answers 503 to a body over the limit: answer 413`
}

// toldApart: the ErrorHandler answers the limit 413.
func toldApart(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "bad gateway", http.StatusBadGateway)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		rp.ServeHTTP(w, r)
	})
}

// buffered: the handler reads the capped body itself and answers the limit
// there; the proxy gets bytes already within it.
func buffered(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		b, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = io.NopCloser(bytesReader(b))
		rp.ServeHTTP(w, r)
	})
}

// delegated: the ErrorHandler hands the error to a function that chooses
// the status from it; not judged.
func delegated(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		if r.Method == http.MethodGet {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		renderError(w, err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		rp.ServeHTTP(w, r)
	})
}

func renderError(w http.ResponseWriter, err error) {
	status := http.StatusBadGateway
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		status = http.StatusRequestEntityTooLarge
	}
	w.WriteHeader(status)
	fmt.Fprintln(w, err)
}

// closed: closing the capped body reads nothing; still the proxy's 502.
func closed(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		defer r.Body.Close()
		rp.ServeHTTP(w, r) // want `with no ErrorHandler it answers 502 to a body over the limit: answer 413`
	})
}

// inspected: the handler reads the capped body before proxying and meets
// the limit there; what the proxy then fails on is not seen.
func inspected(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		if err := sniff(r.Body); err != nil {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		rp.ServeHTTP(w, r)
	})
}

func sniff(r io.Reader) error {
	_, err := io.ReadAll(io.LimitReader(r, 512))
	return err
}

// given: a proxy built elsewhere, whose ErrorHandler is not seen.
func given(rp *httputil.ReverseProxy) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		rp.ServeHTTP(w, r)
	})
}

// uncapped: no limit, nothing to tell apart.
func uncapped(target *url.URL) http.Handler {
	rp := httputil.NewSingleHostReverseProxy(target)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rp.ServeHTTP(w, r)
	})
}

type byteReader struct {
	b []byte
}

func (br *byteReader) Read(p []byte) (int, error) {
	if len(br.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, br.b)
	br.b = br.b[n:]
	return n, nil
}

func bytesReader(b []byte) io.Reader { return &byteReader{b} }
