// Package paramsserver: -32602 (Invalid params) says the client's params
// are wrong. An unknown name the client sent is -32602 too; a store that
// fails once that case is told apart is the server's failure.
package paramsserver

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

var errNoPrompt = errors.New("no such prompt")

type prompt struct{ Name, Text string }

type promptStore interface {
	Get(ctx context.Context, name string) (*prompt, error)
}

type toolRunner interface {
	Run(ctx context.Context, name string, args json.RawMessage) (string, error)
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func invalidParams(msg string) *rpcError { return &rpcError{Code: -32602, Message: msg} }

type server struct {
	prompts promptStore
	tools   toolRunner
}

// getPrompt tells the unknown prompt apart, then blames the client for
// the store's failure.
func (s *server) getPrompt(ctx context.Context, name string) (*prompt, error) {
	p, err := s.prompts.Get(ctx, name)
	if errors.Is(err, errNoPrompt) {
		return nil, invalidParams("unknown prompt " + name)
	}
	if err != nil {
		return nil, &rpcError{Code: -32602, Message: "prompt unavailable"} // want `answers -32602 \(Invalid params\) for an error from s.prompts.Get, a server-side failure: answer -32603`
	}
	return p, nil
}

// getPromptSwitch tells it apart in another case of a switch.
func (s *server) getPromptSwitch(ctx context.Context, name string) (*prompt, error) {
	p, err := s.prompts.Get(ctx, name)
	switch {
	case err == nil:
		return p, nil
	case errors.Is(err, errNoPrompt):
		return nil, invalidParams("unknown prompt " + name)
	default:
		return nil, &rpcError{Code: -32602, Message: fmt.Sprintf("prompt %s: %v", name, err)} // want `answers -32602 \(Invalid params\) for an error from s.prompts.Get`
	}
}

// lookupUntold answers every lookup error -32602: an unknown name is the
// client's, so the store's failure cannot be told from it here.
func (s *server) lookupUntold(ctx context.Context, name string) (*prompt, error) {
	p, err := s.prompts.Get(ctx, name)
	if err != nil {
		return nil, invalidParams("unknown prompt " + name)
	}
	return p, nil
}

// runTool hands the client's arguments on: its error may be theirs.
func (s *server) runTool(ctx context.Context, name string, args json.RawMessage) (string, error) {
	out, err := s.tools.Run(ctx, name, args)
	if err != nil {
		return "", invalidParams(err.Error())
	}
	return out, nil
}

// newRunID fails on the server's own random source.
func (s *server) newRunID(w http.ResponseWriter) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		w.WriteHeader(http.StatusBadRequest) // want `answers 400 with -32602 \(Invalid params\) for an error from rand.Read, a server-side failure: answer 500`
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": &rpcError{Code: -32602, Message: err.Error()}})
		return
	}
}

// reencode marshals the client's own params again to decode them into a
// struct: that cannot fail for the server, and -32602 is no claim about it.
func (s *server) reencode(params any) (*prompt, error) {
	b, err := json.Marshal(params)
	if err != nil {
		return nil, invalidParams(err.Error())
	}
	var p prompt
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, invalidParams(err.Error())
	}
	return &p, nil
}
