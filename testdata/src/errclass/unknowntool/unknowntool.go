// Package unknowntool: a hand-rolled endpoint serves tools/call and
// prompts/get and looks the requested name up itself. A name it does not
// have is a bad parameter of a method it serves, which MCP (and go-sdk,
// mcp-go and the TypeScript SDK) answer -32602 (Invalid params); -32601
// (Method not found) tells the client the method itself is missing.
package unknowntool

import (
	"encoding/json"
	"net/http"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type callParams struct {
	Tool string         `json:"name"`
	Args map[string]any `json:"arguments"`
}

type tool func(args map[string]any) (any, error)

type server struct {
	tools   map[string]tool
	prompts map[string]string
}

func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeRPCError(w, nil, -32700, "Parse error")
		return
	}
	if req.Method == "" {
		w.WriteHeader(http.StatusBadRequest)
		writeRPCError(w, req.ID, -32600, "Invalid Request")
		return
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "tools/call":
		s.callSwitch(w, req)
	case "prompts/get":
		s.getPrompt(w, req)
	case "tools/run":
		var params map[string]any
		_ = json.Unmarshal(req.Params, &params)
		s.callTable(w, req.ID, params)
	default:
		writeRPCError(w, req.ID, -32601, "Method not found")
	}
}

// A switch on the params' name member: its default is every tool the
// server does not have.
func (s *server) callSwitch(w http.ResponseWriter, req request) {
	var p callParams
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeRPCError(w, req.ID, -32602, "Invalid params")
		return
	}
	switch p.Tool {
	case "echo":
		writeResult(w, req.ID, p.Args)
	case "time":
		writeResult(w, req.ID, map[string]any{"now": 0})
	default:
		writeRPCError(w, req.ID, -32601, "unknown tool "+p.Tool) // want `answers -32601 \(Method not found\) to a tool or prompt name it does not have, a parameter of a served method: answer -32602`
	}
}

// The name taken out of a generic params map, then looked up in the
// server's table.
func (s *server) callTable(w http.ResponseWriter, id json.RawMessage, params map[string]any) {
	name, isString := params["name"].(string)
	if !isString {
		writeRPCError(w, id, -32602, "missing tool name")
		return
	}
	t, found := s.tools[name]
	if !found {
		writeRPCError(w, id, -32601, "no such tool") // want `answers -32601 \(Method not found\) to a tool or prompt name`
		return
	}
	out, err := t(params)
	if err != nil {
		writeResult(w, id, map[string]any{"isError": true})
		return
	}
	writeResult(w, id, out)
}

// A helper handed the prompt's name, a lookup whose miss is nil.
func (s *server) renderPrompt(w http.ResponseWriter, id json.RawMessage, promptName string) {
	text := s.promptText(promptName)
	if text == nil {
		writeRPCError(w, id, -32601, "unknown prompt") // want `answers -32601 \(Method not found\) to a tool or prompt name`
		return
	}
	writeResult(w, id, map[string]any{"messages": []any{*text}})
}

func (s *server) promptText(name string) *string {
	if t, ok := s.prompts[name]; ok {
		return &t
	}
	return nil
}

// Right: an unknown prompt is -32602.
func (s *server) getPrompt(w http.ResponseWriter, req request) {
	var p callParams
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeRPCError(w, req.ID, -32602, "Invalid params")
		return
	}
	if _, ok := s.prompts[p.Tool]; !ok {
		writeRPCError(w, req.ID, -32602, "unknown prompt "+p.Tool)
		return
	}
	s.renderPrompt(w, req.ID, p.Tool)
}

// A switch on a method name handed in is the method's switch: its default
// is Method not found, whatever the variable is called.
func (s *server) route(w http.ResponseWriter, id json.RawMessage, name string) {
	switch name {
	case "tools/list":
		writeResult(w, id, map[string]any{"tools": []any{}})
	case "ping":
		writeResult(w, id, map[string]any{})
	default:
		writeRPCError(w, id, -32601, "Method not found")
	}
}

// A lookup keyed by something other than the name (a session, a route
// segment) answered -32601 is not this rule's.
func (s *server) byPath(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
	if _, ok := s.tools[r.URL.Path]; !ok {
		writeRPCError(w, id, -32601, "no handler for path")
		return
	}
	writeResult(w, id, map[string]any{})
}

// A type assertion's ok is not a lookup's.
func (s *server) asserted(w http.ResponseWriter, id json.RawMessage, params map[string]any) {
	if _, ok := params["name"].(string); !ok {
		writeRPCError(w, id, -32601, "name is not a string")
		return
	}
	writeResult(w, id, map[string]any{})
}
