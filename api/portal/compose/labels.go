package compose

import (
	"context"
	"log/slog"

	"rugged.example/portal/api/rma/rma"
)

// retryLabels adds the label retrier to the background jobs of a process that creates RMAs
// (domain.RMAs): every such process has the creator's carrier, and the retrier's claims keep
// two processes from retrying one RMA.
func (app *App) retryLabels(caps *capabilities) error {
	creator, err := caps.Creator()
	if err != nil {
		return err
	}
	retrier := rma.NewLabelRetrier(creator, caps.Units(), rma.LabelRetryOptions{})
	app.retryDueLabels = retrier.RetryDue
	app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) { retrier.Run(ctx) })
	return nil
}

// RetryLabelsNow retries every label that is due, batch after batch, until a pass issues none,
// and returns how many it issued: the fault suite runs it once the faults are over, so its
// audit can demand of each RMA a label or a recorded failure instead of a retry still due. A
// process that creates no RMAs has nothing to retry.
func (app *App) RetryLabelsNow(ctx context.Context) (int, error) {
	if app.retryDueLabels == nil {
		return 0, nil
	}
	total := 0
	for {
		issued, err := app.retryDueLabels(ctx)
		total += issued
		if err != nil || issued == 0 {
			return total, err
		}
	}
}
