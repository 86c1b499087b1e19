// Package events keeps the server-to-client events of each session on
// disk, one append-only file per stream, so a client can resume with
// Last-Event-ID after a reconnect or a restart.
package events

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// ErrUnknownEvent: the id was never issued on this stream or has been
// compacted away, so there is nothing to resume from.
var ErrUnknownEvent = errors.New("events: unknown event id")

type Event struct {
	ID   string
	Data string
}

type FileStore struct {
	dir string
	mu  sync.Mutex
	seq map[string]int
}

func NewFileStore(dir string) (*FileStore, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	return &FileStore{dir: dir, seq: map[string]int{}}, nil
}

func (s *FileStore) path(stream string) string {
	return filepath.Join(s.dir, stream+".log")
}

func (s *FileStore) Append(_ context.Context, stream, data string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := os.OpenFile(s.path(stream), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o640)
	if err != nil {
		return "", err
	}
	defer f.Close()
	s.seq[stream]++
	id := stream + "-" + strconv.Itoa(s.seq[stream])
	if _, err := fmt.Fprintf(f, "%s\t%s\n", id, strings.ReplaceAll(data, "\n", " ")); err != nil {
		return "", err
	}
	return id, nil
}

// After returns the events of lastID's stream that follow lastID.
func (s *FileStore) After(_ context.Context, lastID string) ([]Event, error) {
	i := strings.LastIndexByte(lastID, '-')
	if i <= 0 {
		return nil, ErrUnknownEvent
	}
	f, err := os.Open(s.path(lastID[:i]))
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrUnknownEvent
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()

	var out []Event
	found := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id, data, _ := strings.Cut(sc.Text(), "\t")
		if found {
			out = append(out, Event{ID: id, Data: data})
		} else if id == lastID {
			found = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrUnknownEvent
	}
	return out, nil
}
