package chisession

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
)

type initRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Method  string `json:"method"`
	Params  struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"params"`
}

// Initialize answers the handshake and stores the new session.
func (g *Guard) Initialize(w http.ResponseWriter, r *http.Request) {
	var req initRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		g.log.Warn("initialize body", "err", err)
		writeJSONError(w, http.StatusInternalServerError, -32603, "could not decode request")
		return
	}
	if req.Method != "initialize" {
		writeJSONError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	var b [18]byte
	if _, err := rand.Read(b[:]); err != nil {
		writeJSONError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	st := State{ID: base64.RawURLEncoding.EncodeToString(b[:]), Protocol: req.Params.ProtocolVersion}
	raw, _ := json.Marshal(st)
	if err := g.rdb.Set(r.Context(), "session:"+st.ID, raw, g.ttl).Err(); err != nil {
		g.log.Error("store session", "err", err)
		writeJSONError(w, http.StatusServiceUnavailable, -32603, "session store unavailable")
		return
	}
	w.Header().Set(HeaderSessionID, st.ID)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result": map[string]any{
			"protocolVersion": st.Protocol,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "chisession", "version": "0.1.0"},
		},
	})
}
