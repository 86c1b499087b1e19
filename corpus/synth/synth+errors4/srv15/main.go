// srv15 is the MCP endpoint of the home-automation hub (lights, thermostat).
// It runs on a Raspberry Pi, so it avoids dependencies.
package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"os"
)

const (
	maxBodyBytes = 256 << 10
	bridgeURL    = "http://127.0.0.1:8080/api"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type hub struct {
	devices map[string]bool
}

func writeError(w http.ResponseWriter, status int, id json.RawMessage, code int, message string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": message},
	})
}

func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	data, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, nil, -32700, "Parse error: "+err.Error())
		return
	}
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		writeError(w, http.StatusBadRequest, nil, -32600, "Invalid Request: batches are not supported")
		return
	}
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		writeError(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	if req.JSONRPC != "2.0" {
		writeError(w, http.StatusBadRequest, req.ID, 0, "invalid jsonrpc version")
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	h.dispatch(w, &req)
}

func (h *hub) dispatch(w http.ResponseWriter, req *request) {
	var result any
	switch req.Method {
	case "initialize":
		result = map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "pi-hub", "version": "0.9"},
		}
	case "tools/list":
		result = map[string]any{"tools": []map[string]any{
			{"name": "toggle", "inputSchema": map[string]any{"type": "object"}},
		}}
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Device string `json:"device"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			writeError(w, http.StatusBadRequest, req.ID, -32602, "Invalid params")
			return
		}
		state, err := h.toggle(p.Arguments.Device)
		if err != nil {
			log.Printf("toggle %s: %v", p.Arguments.Device, err)
			writeError(w, http.StatusBadRequest, req.ID, -32700, "device bridge error")
			return
		}
		result = map[string]any{"content": []map[string]any{{"type": "text", "text": p.Arguments.Device + " is " + state}}}
	default:
		result = map[string]any{}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

// toggle flips a device through the Zigbee bridge's local REST API.
func (h *hub) toggle(device string) (string, error) {
	resp, err := http.Post(bridgeURL+"/devices/"+device+"/toggle", "application/json", nil)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct {
		State string `json:"state"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", err
	}
	h.devices[device] = out.State == "on"
	return out.State, nil
}

func main() {
	addr := ":8123"
	if v := os.Getenv("HUB_ADDR"); v != "" {
		addr = v
	}
	http.Handle("/mcp", &hub{devices: map[string]bool{}})
	log.Fatal(http.ListenAndServe(addr, nil))
}
