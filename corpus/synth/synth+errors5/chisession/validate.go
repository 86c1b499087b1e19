package chisession

import (
	"encoding/json"
	"errors"
	"strconv"
)

var (
	errVersion = errors.New(`jsonrpc must be "2.0"`)
	errMethod  = errors.New("method must be a non-empty string")
	errID      = errors.New("id must be a string or an integer")
)

// wire is the decoded message with every member kept raw so that the
// validator can look at types itself.
type wire map[string]json.RawMessage

func (m wire) str(key string) (string, bool) {
	raw, ok := m[key]
	if !ok {
		return "", false
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}

func validate(m wire) error {
	if v, ok := m.str("jsonrpc"); !ok || v != "2.0" {
		return errVersion
	}
	if method, ok := m.str("method"); !ok || method == "" {
		return errMethod
	}
	if raw, ok := m["id"]; ok && string(raw) != "null" {
		if raw[0] == '"' {
			return nil
		}
		if _, err := strconv.ParseInt(string(raw), 10, 54); err != nil {
			return errID
		}
	}
	return nil
}
