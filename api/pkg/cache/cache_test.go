package cache_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
)

// eachCache runs the same suite on the in-memory cache and on real Redis.
func eachCache(t *testing.T, suite func(t *testing.T, c cache.Cache)) {
	t.Run("memory", func(t *testing.T) { suite(t, cache.NewMemory(1000)) })
	t.Run("redis", func(t *testing.T) { suite(t, testkit.Redis(t)) })
}

func TestIntegrationCache_SetGetDelete(t *testing.T) {
	eachCache(t, func(t *testing.T, c cache.Cache) {
		ctx := t.Context()
		_, err := c.Get(ctx, "k")
		require.ErrorIs(t, err, cache.ErrMiss)
		require.NoError(t, c.Set(ctx, "k", []byte("v"), time.Minute))
		got, err := c.Get(ctx, "k")
		require.NoError(t, err)
		require.Equal(t, "v", string(got))
		require.NoError(t, c.Delete(ctx, "k"))
		_, err = c.Get(ctx, "k")
		require.ErrorIs(t, err, cache.ErrMiss)
	})
}

func TestIntegrationCache_EntriesExpire(t *testing.T) {
	eachCache(t, func(t *testing.T, c cache.Cache) {
		ctx := t.Context()
		require.NoError(t, c.Set(ctx, "short", []byte("v"), 50*time.Millisecond))
		require.Eventually(t, func() bool {
			_, err := c.Get(ctx, "short")
			return err == cache.ErrMiss
		}, 3*time.Second, 20*time.Millisecond)
	})
}

func TestIntegrationCache_IncrCountsWithinWindow(t *testing.T) {
	eachCache(t, func(t *testing.T, c cache.Cache) {
		ctx := t.Context()
		for want := int64(1); want <= 3; want++ {
			n, err := c.Incr(ctx, "counter", time.Minute)
			require.NoError(t, err)
			require.Equal(t, want, n)
		}
		require.NoError(t, c.Ping(ctx))
	})
}

func TestMemory_NeverHoldsMoreThanItsLimit(t *testing.T) {
	m := cache.NewMemory(3)
	for _, k := range []string{"a", "b", "c", "d", "e"} {
		require.NoError(t, m.Set(t.Context(), k, []byte(k), time.Minute))
	}
	held := 0
	for _, k := range []string{"a", "b", "c", "d", "e"} {
		if _, err := m.Get(t.Context(), k); err == nil {
			held++
		}
	}
	require.LessOrEqual(t, held, 3)
	_, err := m.Get(t.Context(), "e")
	require.NoError(t, err, "the newest entry is kept")
}
