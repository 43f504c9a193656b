package retry

import (
	"context"
	"time"
)

// Poll runs round now and then every interval until ctx is done. A round that claimed a full
// batch runs again at once, since more work is likely waiting; a round that failed is reported
// to failed (unless ctx ended it) and waits the interval like an idle one, so a database outage
// is not hammered.
func Poll(ctx context.Context, interval time.Duration, batch int, round func(context.Context) (claimed int, err error), failed func(error)) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		claimed, err := round(ctx)
		if err != nil && ctx.Err() == nil {
			failed(err)
		}
		next := interval
		if err == nil && claimed == batch {
			next = 0
		}
		timer.Reset(next)
	}
}
