package cache

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var errNoPrefix = errors.New("cache: no key prefix, refusing to drop every key of the server")

// Redis is the production cache. Every key is prefixed so several deployments (or tests) can
// share one server.
type Redis struct {
	client *redis.Client
	prefix string
}

// OpenRedis connects to url (redis://…) and checks the connection.
func OpenRedis(ctx context.Context, url, prefix string) (*Redis, error) {
	opts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("cache: parse REDIS_URL: %w", err)
	}
	r := &Redis{client: redis.NewClient(opts), prefix: prefix}
	if err := r.Ping(ctx); err != nil {
		_ = r.client.Close()
		return nil, fmt.Errorf("cache: ping: %w", err)
	}
	return r, nil
}

func (r *Redis) Get(ctx context.Context, key string) ([]byte, error) {
	b, err := r.client.Get(ctx, r.prefix+key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrMiss
	}
	return b, err
}

func (r *Redis) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	return r.client.Set(ctx, r.prefix+key, value, ttl).Err()
}

func (r *Redis) Delete(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = r.prefix + k
	}
	return r.client.Del(ctx, full...).Err()
}

// Incr uses INCR then sets the expiry only on the first hit, in one round trip.
func (r *Redis) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	pipe := r.client.TxPipeline()
	incr := pipe.Incr(ctx, r.prefix+key)
	pipe.ExpireNX(ctx, r.prefix+key, ttl)
	if _, err := pipe.Exec(ctx); err != nil {
		return 0, err
	}
	return incr.Val(), nil
}

func (r *Redis) Ping(ctx context.Context) error { return r.client.Ping(ctx).Err() }

// Close releases the connection pool.
func (r *Redis) Close() error { return r.client.Close() }

// NewRedis prepares a client for url without contacting the server, tuned to fail fast: dial,
// read, write and pool waits in tens of milliseconds and no retries, because a cache that does
// not answer at once is bypassed (see Resilient), never waited for.
func NewRedis(url, prefix string) (*Redis, error) {
	opts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("cache: parse REDIS_URL: %w", err)
	}
	opts.DialTimeout = 50 * time.Millisecond
	opts.ReadTimeout = 100 * time.Millisecond // within the breaker's CallTimeout; a stall of this process is not an outage
	opts.WriteTimeout = 100 * time.Millisecond
	opts.PoolTimeout = 50 * time.Millisecond
	opts.MaxRetries = -1
	opts.DialerRetries = 1 // the default, 5 dials 100 ms apart, is what made every call wait
	opts.ContextTimeoutEnabled = true
	return &Redis{client: redis.NewClient(opts), prefix: prefix}, nil
}

// DropAll removes every key under the prefix (SCAN + UNLINK, in batches, without blocking the
// server). With no prefix it refuses: the keys of other deployments would go too.
func (r *Redis) DropAll(ctx context.Context) error {
	if r.prefix == "" {
		return errNoPrefix
	}
	iter := r.client.Scan(ctx, 0, r.prefix+"*", 500).Iterator()
	batch := make([]string, 0, 500)
	for iter.Next(ctx) {
		batch = append(batch, iter.Val())
		if len(batch) == cap(batch) {
			if err := r.client.Unlink(ctx, batch...).Err(); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := iter.Err(); err != nil {
		return err
	}
	if len(batch) > 0 {
		return r.client.Unlink(ctx, batch...).Err()
	}
	return nil
}
