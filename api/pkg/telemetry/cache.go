package telemetry

import (
	"context"
	"errors"

	"github.com/prometheus/client_golang/prometheus"

	"rugged.example/portal/api/pkg/cache"
)

const (
	resultHit   = "hit"
	resultMiss  = "miss"
	resultError = "error"
)

// CountCache returns c with every Get counted in portal_cache_lookups_total as a hit, a miss
// (cache.ErrMiss) or an error. The other methods pass through untouched.
func (t *Telemetry) CountCache(c cache.Cache) cache.Cache {
	return countingCache{Cache: c, lookups: t.metrics.cacheLookups}
}

type countingCache struct {
	cache.Cache
	lookups *prometheus.CounterVec
}

func (c countingCache) Get(ctx context.Context, key string) ([]byte, error) {
	v, err := c.Cache.Get(ctx, key)
	switch {
	case err == nil:
		c.lookups.WithLabelValues(resultHit).Inc()
	case errors.Is(err, cache.ErrMiss):
		c.lookups.WithLabelValues(resultMiss).Inc()
	default:
		c.lookups.WithLabelValues(resultError).Inc()
	}
	return v, err
}
