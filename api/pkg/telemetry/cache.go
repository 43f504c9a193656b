package telemetry

import (
	"context"
	"errors"
	"fmt"

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

// WatchCacheAvailability exposes portal_cache_available: 1 while available() holds (the remote
// cache is used), 0 while it is bypassed (cache.Resilient's breaker is open), so an alert can
// fire on a cache outage that /readyz deliberately reports only as "degraded".
func (t *Telemetry) WatchCacheAvailability(available func() bool) error {
	gauge := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: namespace, Name: "cache_available",
		Help: "1 while the shared cache (Redis) answers, 0 while it is bypassed after a failure.",
	}, func() float64 {
		if available() {
			return 1
		}
		return 0
	})
	if err := t.registry.Register(gauge); err != nil {
		return fmt.Errorf("telemetry: cache availability: %w", err)
	}
	return nil
}
