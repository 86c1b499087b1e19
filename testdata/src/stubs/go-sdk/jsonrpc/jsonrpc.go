// Package jsonrpc stands in for go-sdk's jsonrpc package: aliases of the
// internal message types, their codec and the standard error codes.
package jsonrpc

import "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"

type (
	ID       = jsonrpc2.ID
	Message  = jsonrpc2.Message
	Request  = jsonrpc2.Request
	Response = jsonrpc2.Response
	Error    = jsonrpc2.WireError
)

func MakeID(v any) (ID, error) { return jsonrpc2.MakeID(v) }

func EncodeMessage(msg Message) ([]byte, error) { return jsonrpc2.EncodeMessage(msg) }

func DecodeMessage(data []byte) (Message, error) { return jsonrpc2.DecodeMessage(data) }

const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)
