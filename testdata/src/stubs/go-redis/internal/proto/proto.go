// Package proto is a stand-in for go-redis's reply protocol: the error type
// of its replies and the reply to a missing key.
package proto

// RedisError is a reply error.
type RedisError string

func (e RedisError) Error() string { return string(e) }

// Nil is the reply to a key that does not exist.
const Nil = RedisError("redis: nil")
