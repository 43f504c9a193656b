// Package cache is the portal's small key-value cache: in memory for the embedded default, Redis
// in production. Callers store bytes under namespaced keys and treat a miss as normal.
package cache

import (
	"context"
	"errors"
	"time"
)

// ErrMiss means the key is absent or expired.
var ErrMiss = errors.New("cache: miss")

// Cache is what stores and services need from a cache.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, error)
	Set(ctx context.Context, key string, value []byte, ttl time.Duration) error
	Delete(ctx context.Context, keys ...string) error
	// Incr adds one to a counter, creating it with ttl when absent, and returns the new value;
	// rate limits are built on it.
	Incr(ctx context.Context, key string, ttl time.Duration) (int64, error)
	Ping(ctx context.Context) error
}
