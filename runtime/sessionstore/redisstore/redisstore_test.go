package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore"
	"github.com/mcpwire/mcpwire/runtime/sessionstore/storetest"
	"github.com/redis/go-redis/v9"
)

// startRedis runs a redis-server of its own on a free 127.0.0.1 port, with
// no persistence, stopped when the test ends. Without redis-server the test
// is skipped, except in CI (.ci/run installs it), where that is a failure.
func startRedis(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("redis-server not found; .ci/run installs it")
		}
		t.Skip("redis-server not installed (apt-get install redis-server)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("redis-server did not listen on %s: %v", addr, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestStore(t *testing.T) {
	addr := startRedis(t)
	db := 0
	storetest.Run(t, func(t *testing.T) sessionstore.Store {
		// A database of its own per subtest: each starts empty.
		db++
		s, err := redisstore.Open(context.Background(), fmt.Sprintf("redis://%s/%d", addr, db))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestBadRecords(t *testing.T) {
	addr := startRedis(t)
	db := 0
	storetest.RunBadRecords(t, func(t *testing.T) (sessionstore.Store, storetest.RawPut) {
		db++
		c := redis.NewClient(&redis.Options{Addr: addr, DB: db})
		t.Cleanup(func() { c.Close() })
		return redisstore.New(c, ""), func(t *testing.T, id string, body []byte, principal string, epoch uint64) {
			key := redisstore.DefaultPrefix + id
			if err := c.HSet(context.Background(), key, "body", body, "principal", principal, "node", "n1", "epoch", epoch).Err(); err != nil {
				t.Fatal(err)
			}
		}
	})
	// A record an older build stored as a string is unreadable, not a
	// failure of the store.
	c := redis.NewClient(&redis.Options{Addr: addr, DB: 15})
	defer c.Close()
	ctx := context.Background()
	c.Set(ctx, redisstore.DefaultPrefix+"n1.OLD", `{"v":1,"state":{"initializeParams":{}},"node":"n1"}`, time.Minute)
	s := redisstore.New(c, "")
	if _, _, err := s.Get(ctx, "n1.OLD"); !errors.Is(err, sessionstore.ErrFormat) {
		t.Errorf("Get of a string record: %v, want ErrFormat", err)
	}
	if _, _, err := s.Claim(ctx, "n1.OLD", "n2", "", time.Minute); !errors.Is(err, sessionstore.ErrFormat) {
		t.Errorf("Claim of a string record: %v, want ErrFormat", err)
	}
}

// The stored form is one key per session under the prefix, expiring with
// the record: what an operator sees with redis-cli.
func TestKeysAndExpiry(t *testing.T) {
	addr := startRedis(t)
	c := redis.NewClient(&redis.Options{Addr: addr})
	defer c.Close()
	ctx := context.Background()
	s := redisstore.New(c, "test:")
	if err := s.Put(ctx, "n1.ABC", storetest.Record(1), time.Minute); err != nil {
		t.Fatal(err)
	}
	ttl, err := c.PTTL(ctx, "test:n1.ABC").Result()
	if err != nil || ttl <= 50*time.Second || ttl > time.Minute {
		t.Fatalf("PTTL of the record: %v, %v; want about a minute", ttl, err)
	}
	if err := s.Put(ctx, "n1.ABC", storetest.Record(1), 0); err == nil {
		t.Fatal("Put without a ttl accepted")
	}
	if _, err := redisstore.Open(ctx, "redis://127.0.0.1:1/0"); err == nil {
		t.Fatal("Open of a Redis that does not answer succeeded")
	}
}

func TestFromFlag(t *testing.T) {
	ctx := context.Background()
	s, closeStore, err := redisstore.FromFlag(ctx, "memory")
	if _, ok := s.(*sessionstore.Memory); !ok || err != nil {
		t.Fatalf("memory: %T, %v", s, err)
	}
	closeStore()
	for _, bad := range []string{"memcached://x", "redis://127.0.0.1:1/0"} {
		if _, _, err := redisstore.FromFlag(ctx, bad); err == nil {
			t.Errorf("FromFlag(%q) succeeded", bad)
		}
	}
	addr := startRedis(t)
	s, closeStore, err = redisstore.FromFlag(ctx, "redis://"+addr+"/3")
	if _, ok := s.(*redisstore.Store); !ok || err != nil {
		t.Fatalf("redis: %T, %v", s, err)
	}
	if err := closeStore(); err != nil {
		t.Fatal(err)
	}
}
