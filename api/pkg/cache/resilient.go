package cache

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// tripAfter is how many consecutive failed calls open the breaker when the failures are slow
// answers (timeouts): one timeout is as likely a GC pause or a scheduling stall of this process as
// a sick remote, and a breaker that opens on each would flap under load. A refused or failed
// connection opens it at once: the remote is down, and such calls fail in microseconds anyway.
const tripAfter = 3

// ErrUnavailable is what Ping answers while the breaker is open: the remote cache is bypassed.
var ErrUnavailable = errors.New("cache: unavailable, bypassed until it answers again")

// ResilientOptions tunes the breaker; zero values take the defaults.
type ResilientOptions struct {
	// CallTimeout bounds one call to the remote cache (default 100 ms): a cache slower than a
	// database read is no cache.
	CallTimeout time.Duration
	// ProbeEvery is how often the one background probe pings while the breaker is open
	// (default 250 ms).
	ProbeEvery time.Duration
	// OutageTTL caps how long an entry set while the breaker is open lives in the process's own
	// cache (default 5 s; see Resilient).
	OutageTTL time.Duration
	// MaxSkippedDeletes is how many deletes the breaker remembers while open (default 10 000);
	// beyond that it drops every key of the remote instead (see Resilient).
	MaxSkippedDeletes int
	Log               *slog.Logger
}

// Resilient is a circuit breaker around a remote cache (Redis): the cache is a speed-up and a
// rate-limit store, never a reason for a request to fail or wait. A failed connection, or tripAfter
// consecutive failed calls, open the breaker (a full pool of this process never does: that is
// load here, not a sick remote); while open, calls do not touch the remote but the process's own memory: Get and Set
// use it with entries that live at most OutageTTL, Delete removes from it, Incr counts in it (so
// rate limits become per-process limits) and Ping answers ErrUnavailable. One background probe
// pings the remote every ProbeEvery and closes the breaker when it answers.
//
// Why a short-lived local cache rather than plain misses: without it every lookup of the outage
// becomes a database query, which is what slows the busiest route (verify-serial) under load.
// A process cannot hear another's deletes meanwhile, so a changed unit may be read stale from
// this process's memory; OutageTTL bounds that to seconds. Deletes always reach the local memory
// as well, so within one process nothing is stale.
//
// Stale entries: a Delete skipped while open (a unit changed, its cached copy must go) would leave
// the old value behind when the remote comes back with its data (a network split, a failover
// replica). The breaker remembers the keys of skipped deletes and replays them before it closes,
// so no caller can read such a key in between. Replaying exactly those keys keeps the rest of the
// cache warm; when more than MaxSkippedDeletes were skipped the list is dropped and every key of
// the remote (its prefix, SCAN + UNLINK) is removed instead, which is always correct, only colder.
// Skipped Sets need nothing: a missing entry is a miss.
type Resilient struct {
	remote Cache
	local  *Memory // entries while open
	// counters holds Incr's rate-limit counts while open, apart from local so that a burst of
	// cached entries cannot evict them (and reset a limit).
	counters *Memory
	opts     ResilientOptions

	open     atomic.Bool
	failures atomic.Int32 // consecutive failed calls while closed
	stop     chan struct{}
	stopped  sync.Once
	probing  sync.WaitGroup

	bypassed atomic.Int64 // calls answered without the remote during this outage, for the log

	mu       sync.Mutex
	skipped  map[string]struct{} // deletes not done while open; nil after an overflow
	overflow bool
}

// remoteDropper is a remote cache that can remove all of its keys (Redis: its prefix).
type remoteDropper interface {
	DropAll(ctx context.Context) error
}

// NewResilient wraps remote. It pings once: when the remote does not answer, the breaker starts
// open, so a process starts and serves without its cache instead of refusing to start.
func NewResilient(ctx context.Context, remote Cache, opts ResilientOptions) *Resilient {
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = 100 * time.Millisecond
	}
	if opts.ProbeEvery <= 0 {
		opts.ProbeEvery = 250 * time.Millisecond
	}
	if opts.OutageTTL <= 0 {
		opts.OutageTTL = 5 * time.Second
	}
	if opts.MaxSkippedDeletes <= 0 {
		opts.MaxSkippedDeletes = 10_000
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	r := &Resilient{remote: remote, local: NewMemory(50_000), counters: NewMemory(50_000), opts: opts, stop: make(chan struct{}),
		skipped: map[string]struct{}{}}
	cctx, cancel := context.WithTimeout(ctx, opts.CallTimeout)
	defer cancel()
	if err := remote.Ping(cctx); err != nil {
		r.tripNow(err)
	}
	return r
}

// Available reports whether calls go to the remote cache (the breaker is closed).
func (r *Resilient) Available() bool { return !r.open.Load() }

func (r *Resilient) Get(ctx context.Context, key string) ([]byte, error) {
	if r.open.Load() {
		r.bypass()
		return r.local.Get(ctx, key)
	}
	var v []byte
	err := r.call(ctx, func(ctx context.Context) (err error) { v, err = r.remote.Get(ctx, key); return err })
	if err != nil && !errors.Is(err, ErrMiss) {
		return nil, ErrMiss
	}
	return v, err
}

func (r *Resilient) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if r.open.Load() {
		r.bypass()
		return r.local.Set(ctx, key, value, min(ttl, r.opts.OutageTTL))
	}
	_ = r.call(ctx, func(ctx context.Context) error { return r.remote.Set(ctx, key, value, ttl) })
	return nil
}

// Delete removes keys locally and from the remote. An invalidation must outlive its caller (it
// often runs after a commit, when the client may have gone), so the remote call ignores the
// caller's cancellation. A delete the remote may have missed opens the breaker at once and joins
// the skipped deletes: only the probe replays them, and it runs only while the breaker is open.
func (r *Resilient) Delete(ctx context.Context, keys ...string) error {
	ctx = context.WithoutCancel(ctx)
	_ = r.local.Delete(ctx, keys...)
	for {
		if r.open.Load() && r.skipDeletes(keys) {
			return nil
		}
		err := r.call(ctx, func(ctx context.Context) error { return r.remote.Delete(ctx, keys...) })
		if err == nil {
			return nil
		}
		r.tripNow(err)
	}
}

func (r *Resilient) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	if r.open.Load() {
		r.bypass()
		return r.counters.Incr(ctx, key, ttl)
	}
	var n int64
	err := r.call(ctx, func(ctx context.Context) (err error) { n, err = r.remote.Incr(ctx, key, ttl); return err })
	if err != nil {
		if ctx.Err() != nil {
			return 0, err
		}
		return r.counters.Incr(ctx, key, ttl)
	}
	return n, nil
}

// Ping answers ErrUnavailable while the breaker is open, without touching the remote; /readyz
// reports that as a degradation, not as unreadiness.
func (r *Resilient) Ping(ctx context.Context) error {
	if r.open.Load() {
		return ErrUnavailable
	}
	if err := r.call(ctx, r.remote.Ping); err != nil {
		return ErrUnavailable
	}
	return nil
}

// Close stops the probe. The remote is closed by whoever opened it.
func (r *Resilient) Close() error {
	r.stopped.Do(func() { close(r.stop) })
	r.probing.Wait()
	return nil
}

// call runs fn on the remote within CallTimeout and counts its failure towards opening the
// breaker (see Resilient). A caller that went away (its own context ended) says nothing about the
// remote, nor does a pool wait that timed out: this process is overloaded, the remote may be fine.
func (r *Resilient) call(ctx context.Context, fn func(context.Context) error) error {
	cctx, cancel := context.WithTimeout(ctx, r.opts.CallTimeout)
	defer cancel()
	err := fn(cctx)
	switch {
	case err == nil || errors.Is(err, ErrMiss):
		r.failures.Store(0)
	case ctx.Err() != nil || errors.Is(err, redis.ErrPoolTimeout):
	case connectionFailed(err) || r.failures.Add(1) >= tripAfter:
		r.tripNow(err)
	}
	return err
}

// connectionFailed reports a remote that cannot be reached at all (refused, reset, no route, a
// failed dial), as opposed to one that answered slowly.
func connectionFailed(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	// EOF: the server closed the connection (it stopped or restarted).
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// tripNow opens the breaker; the call that opens it starts the one probe.
func (r *Resilient) tripNow(cause error) {
	if !r.open.CompareAndSwap(false, true) {
		return
	}
	r.opts.Log.Warn("cache unavailable: bypassing it until it answers; rate limits count per process", "err", cause)
	r.probing.Add(1)
	go r.probe()
}

func (r *Resilient) bypass() { r.bypassed.Add(1) }

// skipDeletes remembers keys for the probe's replay and reports true, or reports false when the
// breaker has closed meanwhile: the probe is gone and the caller must delete on the remote itself.
// The breaker closes under mu (see recover), so a key added here is always replayed.
func (r *Resilient) skipDeletes(keys []string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.open.Load() {
		return false
	}
	r.bypass()
	if r.overflow {
		return true
	}
	for _, k := range keys {
		r.skipped[k] = struct{}{}
	}
	if len(r.skipped) > r.opts.MaxSkippedDeletes {
		r.overflow, r.skipped = true, nil
	}
	return true
}

// probe pings the remote every ProbeEvery until it answers and the skipped deletes are applied,
// then closes the breaker.
func (r *Resilient) probe() {
	defer r.probing.Done()
	tick := time.NewTicker(r.opts.ProbeEvery)
	defer tick.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-tick.C:
		}
		if err := r.recover(); err != nil {
			continue
		}
		r.opts.Log.Info("cache available again", "callsWithoutCache", r.bypassed.Swap(0))
		return
	}
}

// recover pings the remote, applies the deletes the outage left undone and closes the breaker. It
// takes the deletes over first: deletes skipped meanwhile (the breaker is still open) join the
// next attempt, and when an attempt fails its deletes go back. It closes the breaker under mu with
// the list empty, so a Delete either joins the list before (and the next attempt replays it) or
// sees the breaker closed and deletes on the remote itself.
func (r *Resilient) recover() error {
	ctx, cancel := context.WithTimeout(context.Background(), r.opts.CallTimeout)
	defer cancel()
	if err := r.remote.Ping(ctx); err != nil {
		return err
	}
	r.mu.Lock()
	keys, overflow := r.skipped, r.overflow
	r.skipped, r.overflow = map[string]struct{}{}, false
	r.mu.Unlock()

	if err := r.replay(keys, overflow); err != nil {
		r.mu.Lock()
		if overflow || r.overflow {
			r.skipped, r.overflow = nil, true
		} else {
			for k := range keys {
				r.skipped[k] = struct{}{}
			}
		}
		r.mu.Unlock()
		r.opts.Log.Warn("cache answers but its stale entries could not be removed yet", "err", err)
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.overflow || len(r.skipped) > 0 {
		return errors.New("cache: more deletes were skipped during the replay")
	}
	r.failures.Store(0)
	r.open.Store(false)
	return nil
}

func (r *Resilient) replay(keys map[string]struct{}, overflow bool) error {
	// The remote answered: give the replay seconds, not one call's timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if overflow {
		// A breaker that never closes would be worse than stale entries that expire with their TTL.
		dropper, ok := r.remote.(remoteDropper)
		if !ok {
			r.opts.Log.Error("cache: too many deletes skipped to replay and the cache cannot drop its keys; stale entries live until their TTL")
			return nil
		}
		if err := dropper.DropAll(ctx); errors.Is(err, errNoPrefix) {
			r.opts.Log.Error("cache: too many deletes skipped to replay; stale entries live until their TTL", "err", err)
			return nil
		} else if err != nil {
			return err
		}
		return nil
	}
	batch := make([]string, 0, 500)
	for k := range keys {
		batch = append(batch, k)
		if len(batch) == cap(batch) {
			if err := r.remote.Delete(ctx, batch...); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if len(batch) == 0 {
		return nil
	}
	return r.remote.Delete(ctx, batch...)
}
