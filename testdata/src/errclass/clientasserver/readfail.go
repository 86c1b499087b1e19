package clientasserver

import (
	"bytes"
	"io"
	"net/http"
)

// sniff reads the body to look for the "jsonrpc" member before passing it
// on; the read fails only when the client went away or sent too much.
func sniff(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError) // want `answers HTTP 500 when reading the request body fails, the client's fault`
		return
	}
	if !bytes.Contains(raw, []byte("jsonrpc")) {
		http.Error(w, "not JSON-RPC", http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
}

// upload is a REST route: nothing in it is MCP's, so its 500 is not judged.
func upload(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	_ = raw
}

// fetched reads an upstream's answer, which is no client's.
func fetched(w http.ResponseWriter, resp *http.Response) {
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		http.Error(w, "upstream read failed; jsonrpc relay", http.StatusBadGateway)
		return
	}
	_ = raw
}
