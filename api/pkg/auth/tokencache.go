package auth

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"
)

// Verifying a token's RSA signature is most of what a cheap authenticated call costs (about half
// of verify-serial's CPU in `make bench`), and a browser sends the same access token on every
// call for its lifetime. CachingVerifier remembers each token it verified until the token
// expires, keyed by a hash of the whole token, so only a byte-identical token is ever answered
// from memory: a forged or altered one misses and is verified in full. Failures are never
// remembered, so a provider or database outage is retried on the next call.
type CachingVerifier struct {
	inner Verifier
	max   int
	now   func() time.Time

	mu      sync.Mutex
	entries map[[sha256.Size]byte]Principal
}

// DefaultTokenCacheSize bounds the verified tokens one process remembers: a few thousand
// signed-in customers at a time, a few megabytes.
const DefaultTokenCacheSize = 10_000

// NewCachingVerifier remembers up to max tokens that inner verified.
func NewCachingVerifier(inner Verifier, max int) *CachingVerifier {
	return &CachingVerifier{inner: inner, max: max, now: time.Now, entries: make(map[[sha256.Size]byte]Principal)}
}

// Verify implements Verifier.
func (v *CachingVerifier) Verify(ctx context.Context, raw string) (Principal, error) {
	key := sha256.Sum256([]byte(raw))
	now := v.now()
	v.mu.Lock()
	p, ok := v.entries[key]
	if ok && !now.Before(p.Expiry) {
		delete(v.entries, key)
		ok = false
	}
	v.mu.Unlock()
	if ok {
		return p, nil
	}

	p, err := v.inner.Verify(ctx, raw)
	if err != nil || p.Expiry.IsZero() {
		// A token without an expiry is verified every time: there is no moment to forget it.
		return p, err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.entries) >= v.max {
		v.evict(now)
	}
	v.entries[key] = p
	return p, nil
}

// evict drops the expired entries, and when none had expired, about a tenth of the others (map
// order is random, so no caller can choose whose token is dropped). Runs under mu.
func (v *CachingVerifier) evict(now time.Time) {
	for k, p := range v.entries {
		if !now.Before(p.Expiry) {
			delete(v.entries, k)
		}
	}
	for k := range v.entries {
		if len(v.entries) < v.max-v.max/10 {
			return
		}
		delete(v.entries, k)
	}
}
