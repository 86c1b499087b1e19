package httpx

import (
	"bytes"
	"io"
	"net/http"
)

func peek(r *http.Request, limit int64) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	buf, err := io.ReadAll(io.LimitReader(r.Body, limit))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(buf), r.Body))
	return buf, err
}
