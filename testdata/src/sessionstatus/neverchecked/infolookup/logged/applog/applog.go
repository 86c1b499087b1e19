// Package applog is a leveled logger: its Info records and returns
// nothing, its With chains.
package applog

import "log"

type Logger struct{ prefix string }

func (l *Logger) Info(msg string, kv ...any) { log.Println(l.prefix, msg, kv) }

type Event struct{ kv []any }

// Str adds a field and returns the event, as a chained logger's does.
func (e *Event) Str(k, v string) *Event { e.kv = append(e.kv, k, v); return e }

func (e *Event) Msg(m string) { log.Println(m, e.kv) }
