package cache_test

import (
	"context"
	"errors"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/privateserver"
	"rugged.example/portal/api/pkg/testkit"
)

// flakyCache is a remote cache that fails every call while down (a refused connection) or slow
// (a timeout), and counts the calls it gets.
type flakyCache struct {
	*cache.Memory
	down  atomic.Bool
	slow  atomic.Pointer[error] // what every call answers, unless nil
	calls atomic.Int64
	mu    sync.Mutex
	dels  []string
}

var errDown = &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}

func ptr[T any](v T) *T { return &v }

type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

func newFlaky() *flakyCache { return &flakyCache{Memory: cache.NewMemory(100)} }

func (f *flakyCache) fail() error {
	f.calls.Add(1)
	if f.down.Load() {
		return errDown
	}
	if err := f.slow.Load(); err != nil {
		return *err
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

func TestResilient_ARefusedConnectionOpensTheBreakerAndLaterCallsSkipTheRemote(t *testing.T) {
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

func TestResilient_TimeoutsOpenTheBreakerOnlyWhenConsecutive(t *testing.T) {
	remote := newFlaky()
	r := fastBreaker(t, remote)
	ctx := t.Context()

	remote.slow.Store(ptr[error](&net.OpError{Op: "read", Net: "tcp", Err: timeoutError{}}))
	for range 2 {
		_, _ = r.Get(ctx, "k")
	}
	require.True(t, r.Available(), "two stalls in a row are not an outage")
	remote.slow.Store(nil)
	_, _ = r.Get(ctx, "k")
	remote.slow.Store(ptr[error](&net.OpError{Op: "read", Net: "tcp", Err: timeoutError{}}))
	for range 2 {
		_, _ = r.Get(ctx, "k")
	}
	require.True(t, r.Available(), "an answer in between starts the count again")
	_, _ = r.Get(ctx, "k")
	require.False(t, r.Available(), "the third timeout in a row opens the breaker")
}

func TestResilient_AFullPoolOfThisProcessNeverOpensTheBreaker(t *testing.T) {
	remote := newFlaky()
	r := fastBreaker(t, remote)
	remote.slow.Store(ptr(redis.ErrPoolTimeout))
	for range 10 {
		_, _ = r.Get(t.Context(), "k")
	}
	require.True(t, r.Available())
}

func TestResilient_ADeleteOutlivesItsCallerAndAFailedOneIsReplayed(t *testing.T) {
	remote := newFlaky()
	r := fastBreaker(t, remote)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.NoError(t, r.Delete(ctx, "unit:RT1"))
	require.True(t, r.Available())

	// One timed-out delete opens the breaker at once: only the probe replays skipped deletes.
	remote.slow.Store(ptr[error](&net.OpError{Op: "read", Net: "tcp", Err: timeoutError{}}))
	require.NoError(t, r.Delete(t.Context(), "unit:RT2"))
	require.False(t, r.Available())
	remote.slow.Store(nil)
	require.Eventually(t, r.Available, 2*time.Second, 5*time.Millisecond)
	remote.mu.Lock()
	defer remote.mu.Unlock()
	require.ElementsMatch(t, []string{"unit:RT1", "unit:RT2"}, remote.dels, "the cancelled caller's delete reached the remote too")
}

// Deletes racing the breaker's closing: each must reach the remote, by the replay or directly.
func TestResilient_NoDeleteIsLostWhileTheBreakerCloses(t *testing.T) {
	for round := range 50 {
		remote := newFlaky()
		remote.down.Store(true)
		r := fastBreaker(t, remote)
		require.False(t, r.Available())
		remote.down.Store(false)
		var wg sync.WaitGroup
		want := []string{}
		for i := range 20 {
			k := "unit:" + strconv.Itoa(round) + ":" + strconv.Itoa(i)
			want = append(want, k)
			wg.Add(1)
			go func() {
				defer wg.Done()
				time.Sleep(time.Duration(i) * time.Millisecond)
				_ = r.Delete(t.Context(), k)
			}()
		}
		wg.Wait()
		require.Eventually(t, r.Available, 2*time.Second, time.Millisecond)
		require.Eventually(t, func() bool {
			remote.mu.Lock()
			defer remote.mu.Unlock()
			got := map[string]bool{}
			for _, k := range remote.dels {
				got[k] = true
			}
			for _, k := range want {
				if !got[k] {
					return false
				}
			}
			return true
		}, 2*time.Second, time.Millisecond)
	}
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
