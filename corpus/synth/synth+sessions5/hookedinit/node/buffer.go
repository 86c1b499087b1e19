package node

import (
	"bytes"
	"net/http"
)

// bufferedResponse holds a whole response so the node can decide, after the
// transport has answered, whether to send it.
type bufferedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newBufferedResponse() *bufferedResponse {
	return &bufferedResponse{header: http.Header{}, status: http.StatusOK}
}

func (b *bufferedResponse) Header() http.Header         { return b.header }
func (b *bufferedResponse) Write(p []byte) (int, error) { return b.body.Write(p) }
func (b *bufferedResponse) WriteHeader(status int)      { b.status = status }
func (b *bufferedResponse) Flush()                      {}

func (b *bufferedResponse) copyTo(w http.ResponseWriter) error {
	for k, v := range b.header {
		w.Header()[k] = v
	}
	w.WriteHeader(b.status)
	_, err := w.Write(b.body.Bytes())
	return err
}
