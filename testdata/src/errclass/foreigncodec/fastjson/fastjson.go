// Package fastjson stands for a third-party JSON codec: its functions
// delegate to an engine chosen at run time, so no fact says where their
// errors come from.
package fastjson

// engine is the codec's pluggable back end.
type engine interface {
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

var current engine

// Marshal encodes v.
func Marshal(v any) ([]byte, error) { return current.Marshal(v) }

// Unmarshal decodes data into v.
func Unmarshal(data []byte, v any) error { return current.Unmarshal(data, v) }

// API is a configured codec, used through its methods.
type API interface {
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

// Std is the configuration compatible with encoding/json.
var Std API
