package compose

import (
	"context"
	"log/slog"

	"rugged.example/portal/api/rma/rma"
)

// retriesLabels reports whether the process creates RMAs, and so also asks the carrier again
// for the labels it failed to issue: every such process has the creator's carrier, and the
// retrier's claims keep two processes from retrying one RMA.
func retriesLabels(s Services) bool { return s.Has(ServiceRepair) || s.Has(ServiceRecycle) }

// retryLabels adds the label retrier to the process's background jobs.
func (app *App) retryLabels(caps *capabilities) error {
	creator, err := caps.Creator()
	if err != nil {
		return err
	}
	retrier := rma.NewLabelRetrier(creator, caps.Units(), rma.LabelRetryOptions{})
	app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) { retrier.Run(ctx) })
	return nil
}
