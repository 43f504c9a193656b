package payments

import (
	"context"
	"errors"
	"time"

	"rugged.example/portal/api/pkg/retry"
)

// refundBatch is how many due refunds one round of the retrier claims.
const refundBatch = 10

// RetryDueRefunds claims the pending refunds whose next attempt is due and asks their providers
// again; it returns how many it claimed. A provider that fails again is not an error here (the
// refund is noted and waits for its next attempt); err reports what the database failed to do.
// Several retriers may run at once, in one process or many: a claim hides a refund from the
// others while its provider is asked.
func (c *Checkout) RetryDueRefunds(ctx context.Context) (int, error) {
	now := c.now()
	due, err := c.d.Store.ClaimDueRefunds(ctx, now, now.Add(refundLease), refundBatch)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, r := range due {
		errs = append(errs, c.attemptRefund(ctx, r))
	}
	return len(due), errors.Join(errs...)
}

// RunRefundRetries retries due refunds until ctx is done: at once again after a full batch,
// otherwise every interval. The payments process runs it in the background.
func (c *Checkout) RunRefundRetries(ctx context.Context, interval time.Duration) {
	retry.Poll(ctx, interval, refundBatch, c.RetryDueRefunds,
		func(err error) { c.d.Log.ErrorContext(ctx, "refund retry failed", "err", err) })
}
