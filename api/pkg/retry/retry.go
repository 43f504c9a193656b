// Package retry holds the exponential backoff the portal's background retries share: the mail
// outbox's deliveries and the shipping labels a carrier could not issue.
package retry

import "time"

// Backoff waits Base after the first failure, twice as long after each further one, never
// longer than Max.
type Backoff struct {
	Base, Max time.Duration
}

// After is the wait after the attempt-th failure (counted from 1): Base·2^(attempt-1), at most
// Max. Doubling stops at Max, so a large attempt cannot overflow.
func (b Backoff) After(attempt int) time.Duration {
	wait := b.Base
	for i := 1; i < attempt && wait < b.Max; i++ {
		wait *= 2
	}
	return min(wait, b.Max)
}
