package cache

import (
	"context"
	"time"
)

// Near keeps what it reads from a shared cache (Redis) in this process for a short while, so a
// hot key costs a map lookup instead of a network round trip: on verify-serial that round trip
// was a third of the CPU once tokens were no longer verified on every call.
//
// Its price is staleness across processes: a key another process changes or deletes may be
// read here, unchanged, for up to ttl. Within this process there is none, since Set and Delete
// go through Near. Use it only where ttl of staleness is harmless: a display that a later,
// authoritative check (a transaction) never relies on.
type Near struct {
	shared Cache
	local  *Memory
	ttl    time.Duration
}

// NewNear fronts shared with at most limit entries of this process, each kept for ttl at most.
func NewNear(shared Cache, ttl time.Duration, limit int) *Near {
	return &Near{shared: shared, local: NewMemory(limit), ttl: ttl}
}

func (n *Near) Get(ctx context.Context, key string) ([]byte, error) {
	if v, err := n.local.Get(ctx, key); err == nil {
		return v, nil
	}
	v, err := n.shared.Get(ctx, key)
	if err == nil {
		_ = n.local.Set(ctx, key, v, n.ttl)
	}
	return v, err
}

func (n *Near) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	// The local copy goes first and is dropped when the shared write fails, so this process
	// never keeps a value the others cannot see.
	_ = n.local.Set(ctx, key, value, min(ttl, n.ttl))
	if err := n.shared.Set(ctx, key, value, ttl); err != nil {
		_ = n.local.Delete(ctx, key)
		return err
	}
	return nil
}

func (n *Near) Delete(ctx context.Context, keys ...string) error {
	_ = n.local.Delete(ctx, keys...)
	return n.shared.Delete(ctx, keys...)
}

// Incr counts in the shared cache only: a counter is a limit across processes.
func (n *Near) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	return n.shared.Incr(ctx, key, ttl)
}

func (n *Near) Ping(ctx context.Context) error { return n.shared.Ping(ctx) }
