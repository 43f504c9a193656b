package cache

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// countingCache is a shared cache that counts the reads reaching it and can be made to fail.
type countingCache struct {
	*Memory
	gets    int
	failSet error
}

func (c *countingCache) Get(ctx context.Context, key string) ([]byte, error) {
	c.gets++
	return c.Memory.Get(ctx, key)
}

func (c *countingCache) Set(ctx context.Context, key string, v []byte, ttl time.Duration) error {
	if c.failSet != nil {
		return c.failSet
	}
	return c.Memory.Set(ctx, key, v, ttl)
}

func TestNearReadsAHotKeyFromTheSharedCacheOncePerTTL(t *testing.T) {
	ctx := context.Background()
	shared := &countingCache{Memory: NewMemory(100)}
	require.NoError(t, shared.Set(ctx, "rma:unit:RT1", []byte("unit"), time.Hour))
	now := time.Now()
	n := NewNear(shared, time.Second, 100)
	n.local.now = func() time.Time { return now }

	for range 5 {
		v, err := n.Get(ctx, "rma:unit:RT1")
		require.NoError(t, err)
		require.Equal(t, "unit", string(v))
	}
	require.Equal(t, 1, shared.gets)

	now = now.Add(time.Second)
	_, err := n.Get(ctx, "rma:unit:RT1")
	require.NoError(t, err)
	require.Equal(t, 2, shared.gets, "after ttl the shared cache is asked again, bounding what another process's change can hide")
}

func TestNearNeverServesWhatThisProcessChangedOrDeleted(t *testing.T) {
	ctx := context.Background()
	shared := &countingCache{Memory: NewMemory(100)}
	n := NewNear(shared, time.Minute, 100)
	require.NoError(t, n.Set(ctx, "k", []byte("old"), time.Hour))
	_, _ = n.Get(ctx, "k")

	require.NoError(t, n.Set(ctx, "k", []byte("new"), time.Hour))
	v, err := n.Get(ctx, "k")
	require.NoError(t, err)
	require.Equal(t, "new", string(v))

	require.NoError(t, n.Delete(ctx, "k"))
	_, err = n.Get(ctx, "k")
	require.ErrorIs(t, err, ErrMiss)
}

func TestNearKeepsNothingTheSharedCacheRefused(t *testing.T) {
	ctx := context.Background()
	shared := &countingCache{Memory: NewMemory(100), failSet: errors.New("redis down")}
	n := NewNear(shared, time.Minute, 100)
	require.Error(t, n.Set(ctx, "k", []byte("v"), time.Hour))
	_, err := n.Get(ctx, "k")
	require.ErrorIs(t, err, ErrMiss)
}

func TestNearCountsInTheSharedCache(t *testing.T) {
	ctx := context.Background()
	shared := &countingCache{Memory: NewMemory(100)}
	a, b := NewNear(shared, time.Minute, 100), NewNear(shared, time.Minute, 100)
	_, err := a.Incr(ctx, "limit", time.Hour)
	require.NoError(t, err)
	got, err := b.Incr(ctx, "limit", time.Hour)
	require.NoError(t, err)
	require.Equal(t, int64(2), got, "two processes share one limit")
}
