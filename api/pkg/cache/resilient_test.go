package cache_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/privateserver"
	"rugged.example/portal/api/pkg/testkit"
)

// flakyCache is a remote cache that fails every call while down, and counts the calls it gets.
type flakyCache struct {
	*cache.Memory
	down  atomic.Bool
	calls atomic.Int64
	mu    sync.Mutex
	dels  []string
}

var errDown = errors.New("connection refused")

func newFlaky() *flakyCache { return &flakyCache{Memory: cache.NewMemory(100)} }

func (f *flakyCache) fail() error {
	f.calls.Add(1)
	if f.down.Load() {
		return errDown
	}
	return nil
}

func (f *flakyCache) Get(ctx context.Context, k string) ([]byte, error) {
	if err := f.fail(); err != nil {
		return nil, err
	}
	return f.Memory.Get(ctx, k)
}

func (f *flakyCache) Set(ctx context.Context, k string, v []byte, ttl time.Duration) error {
	if err := f.fail(); err != nil {
		return err
	}
	return f.Memory.Set(ctx, k, v, ttl)
}

func (f *flakyCache) Delete(ctx context.Context, keys ...string) error {
	if err := f.fail(); err != nil {
		return err
	}
	f.mu.Lock()
	f.dels = append(f.dels, keys...)
	f.mu.Unlock()
	return f.Memory.Delete(ctx, keys...)
}

func (f *flakyCache) Incr(ctx context.Context, k string, ttl time.Duration) (int64, error) {
	if err := f.fail(); err != nil {
		return 0, err
	}
	return f.Memory.Incr(ctx, k, ttl)
}

func (f *flakyCache) Ping(context.Context) error { return f.fail() }

func fastBreaker(t *testing.T, remote cache.Cache) *cache.Resilient {
	r := cache.NewResilient(t.Context(), remote, cache.ResilientOptions{ProbeEvery: 10 * time.Millisecond, Log: testkit.Quiet()})
	t.Cleanup(func() { _ = r.Close() })
	return r
}

func TestResilient_OneFailureOpensTheBreakerAndLaterCallsSkipTheRemote(t *testing.T) {
	remote := newFlaky()
	r := fastBreaker(t, remote)
	ctx := t.Context()
	require.NoError(t, r.Set(ctx, "k", []byte("v"), time.Minute))

	remote.down.Store(true)
	_, err := r.Get(ctx, "k")
	require.ErrorIs(t, err, cache.ErrMiss, "a failing remote reads as a miss, never as an error")
	require.False(t, r.Available())
	require.ErrorIs(t, r.Ping(ctx), cache.ErrUnavailable)

	before := remote.calls.Load()
	for range 100 {
		_, err := r.Get(ctx, "k")
		require.ErrorIs(t, err, cache.ErrMiss)
		require.NoError(t, r.Delete(ctx, "k"))
	}
	// Only the probe (every 10 ms) talks to the remote now, not the 200 calls.
	require.Less(t, remote.calls.Load()-before, int64(50))
}

func TestResilient_WhileOpenTheProcessCachesForAFewSecondsOnly(t *testing.T) {
	remote := newFlaky()
	remote.down.Store(true)
	r := cache.NewResilient(t.Context(), remote, cache.ResilientOptions{OutageTTL: 50 * time.Millisecond, Log: testkit.Quiet()})
	t.Cleanup(func() { _ = r.Close() })
	ctx := t.Context()
	require.NoError(t, r.Set(ctx, "unit:RT1", []byte("v"), time.Hour))
	got, err := r.Get(ctx, "unit:RT1")
	require.NoError(t, err)
	require.Equal(t, "v", string(got))
	require.NoError(t, r.Delete(ctx, "unit:RT1"))
	_, err = r.Get(ctx, "unit:RT1")
	require.ErrorIs(t, err, cache.ErrMiss, "a delete in this process reaches its own memory")

	require.NoError(t, r.Set(ctx, "unit:RT2", []byte("v"), time.Hour))
	require.Eventually(t, func() bool {
		_, err := r.Get(ctx, "unit:RT2")
		return errors.Is(err, cache.ErrMiss)
	}, 2*time.Second, 10*time.Millisecond, "an hour's TTL is cut to OutageTTL")
}

func TestResilient_IncrCountsPerProcessWhileOpen(t *testing.T) {
	remote := newFlaky()
	remote.down.Store(true)
	r := fastBreaker(t, remote)
	require.False(t, r.Available(), "a remote that is down at start opens the breaker at once")
	for want := int64(1); want <= 3; want++ {
		n, err := r.Incr(t.Context(), "limit:ip", time.Minute)
		require.NoError(t, err)
		require.Equal(t, want, n)
	}
}

func TestResilient_ClosesWhenTheRemoteAnswersAndReplaysSkippedDeletes(t *testing.T) {
	remote := newFlaky()
	r := fastBreaker(t, remote)
	ctx := t.Context()
	require.NoError(t, r.Set(ctx, "unit:RT1", []byte("old"), time.Minute))

	remote.down.Store(true)
	require.NoError(t, r.Delete(ctx, "unit:RT1"), "a delete the remote refused opens the breaker")
	require.False(t, r.Available())
	require.NoError(t, r.Delete(ctx, "unit:RT2"), "a delete while open is remembered")

	remote.down.Store(false)
	require.Eventually(t, r.Available, 2*time.Second, 5*time.Millisecond)
	_, err := r.Get(ctx, "unit:RT1")
	require.ErrorIs(t, err, cache.ErrMiss, "the stale entry went before the breaker closed")
	remote.mu.Lock()
	defer remote.mu.Unlock()
	require.ElementsMatch(t, []string{"unit:RT1", "unit:RT2"}, remote.dels)
}

func TestResilient_ACallerThatGivesUpDoesNotOpenTheBreaker(t *testing.T) {
	r := fastBreaker(t, newFlaky())
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, _ = r.Incr(ctx, "k", time.Minute)
	_, _ = r.Get(ctx, "k")
	require.True(t, r.Available())
}

// A real redis-server of the test's own, killed and started again.
func TestIntegrationResilient_RedisKilledIsBypassedAndComesBack(t *testing.T) {
	server := privateserver.StartRedis(t)
	remote, err := cache.NewRedis(server.URL(), "resilient:")
	require.NoError(t, err)
	t.Cleanup(func() { _ = remote.Close() })
	r := cache.NewResilient(t.Context(), remote, cache.ResilientOptions{ProbeEvery: 50 * time.Millisecond, Log: testkit.Quiet()})
	t.Cleanup(func() { _ = r.Close() })
	ctx := t.Context()

	require.True(t, r.Available())
	require.NoError(t, r.Set(ctx, "unit:RT1", []byte("v"), time.Minute))
	got, err := r.Get(ctx, "unit:RT1")
	require.NoError(t, err)
	require.Equal(t, "v", string(got))

	server.Kill(t)
	_, err = r.Get(ctx, "unit:RT1")
	require.ErrorIs(t, err, cache.ErrMiss)
	require.False(t, r.Available(), "the failed call opened the breaker")

	start := time.Now()
	for range 200 {
		_, err := r.Get(ctx, "unit:RT1")
		require.ErrorIs(t, err, cache.ErrMiss)
		n, err := r.Incr(ctx, "limit", time.Minute)
		require.NoError(t, err)
		require.Positive(t, n)
	}
	// A sanity bound only: 400 calls that each waited for Redis would take seconds.
	require.Less(t, time.Since(start), time.Second)

	server.Start(t)
	require.Eventually(t, r.Available, 5*time.Second, 20*time.Millisecond, "the probe closes the breaker")
	require.NoError(t, r.Set(ctx, "unit:RT1", []byte("w"), time.Minute))
	got, err = r.Get(ctx, "unit:RT1")
	require.NoError(t, err)
	require.Equal(t, "w", string(got))
}

func TestIntegrationResilient_StartsOpenWhenRedisIsDownAtBoot(t *testing.T) {
	port := privateserver.FreePort(t)
	remote, err := cache.NewRedis("redis://127.0.0.1:"+strconv.Itoa(port)+"/0", "boot:")
	require.NoError(t, err)
	t.Cleanup(func() { _ = remote.Close() })
	r := cache.NewResilient(t.Context(), remote, cache.ResilientOptions{Log: testkit.Quiet()})
	t.Cleanup(func() { _ = r.Close() })
	require.False(t, r.Available())
	_, err = r.Get(t.Context(), "k")
	require.ErrorIs(t, err, cache.ErrMiss)
}

func TestIntegrationRedis_DropAllRemovesOnlyItsPrefix(t *testing.T) {
	server := privateserver.StartRedis(t)
	mine, err := cache.NewRedis(server.URL(), "mine:")
	require.NoError(t, err)
	theirs, err := cache.NewRedis(server.URL(), "theirs:")
	require.NoError(t, err)
	ctx := t.Context()
	for _, k := range []string{"a", "b", "c"} {
		require.NoError(t, mine.Set(ctx, k, []byte(k), time.Minute))
		require.NoError(t, theirs.Set(ctx, k, []byte(k), time.Minute))
	}
	require.NoError(t, mine.DropAll(ctx))
	_, err = mine.Get(ctx, "a")
	require.ErrorIs(t, err, cache.ErrMiss)
	_, err = theirs.Get(ctx, "a")
	require.NoError(t, err)
	noPrefix, err := cache.NewRedis(server.URL(), "")
	require.NoError(t, err)
	require.Error(t, noPrefix.DropAll(ctx))
}
