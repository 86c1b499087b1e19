package weathermcp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"example.com/synth/errors3/wire"
)

type Handler struct {
	APIBase string
	APIKey  string
	HTTP    *http.Client
}

func New(base, key string) *Handler {
	return &Handler{APIBase: base, APIKey: key, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

type forecast struct {
	City    string  `json:"city"`
	TempC   float64 `json:"temp_c"`
	Summary string  `json:"summary"`
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req, derr := wire.Decode(r, 1<<20)
	if derr != nil {
		wire.WriteError(w, http.StatusBadRequest, nil, derr)
		return
	}

	switch req.Method {
	case "initialize":
		h.send(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "weather", "version": "1.2.0"},
		})
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				City string `json:"city"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil || p.Arguments.City == "" {
			wire.WriteError(w, http.StatusBadRequest, req.ID, wire.Errorf(wire.CodeInvalidParams, "city is required"))
			return
		}
		fc, err := h.lookup(r, p.Arguments.City)
		if err != nil {
			wire.WriteError(w, http.StatusBadRequest, req.ID, wire.Errorf(wire.CodeInvalidParams, "weather lookup failed: %v", err))
			return
		}
		h.send(w, req.ID, map[string]any{
			"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf("%s: %.1f°C, %s", fc.City, fc.TempC, fc.Summary)}},
		})
	default:
		wire.WriteError(w, http.StatusNotFound, req.ID, wire.Errorf(wire.CodeMethodNotFound, "no method %s", req.Method))
	}
}

func (h *Handler) lookup(r *http.Request, city string) (*forecast, error) {
	u := h.APIBase + "/v1/current?q=" + url.QueryEscape(city) + "&key=" + url.QueryEscape(h.APIKey)
	out, err := http.NewRequestWithContext(r.Context(), http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := h.HTTP.Do(out)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("weather api: %s", resp.Status)
	}
	var fc forecast
	if err := json.NewDecoder(resp.Body).Decode(&fc); err != nil {
		return nil, err
	}
	return &fc, nil
}

func (h *Handler) send(w http.ResponseWriter, id json.RawMessage, v any) {
	b, err := wire.Result(id, v)
	if err != nil {
		wire.WriteError(w, http.StatusInternalServerError, id, wire.Errorf(wire.CodeParse, "could not encode result"))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}
