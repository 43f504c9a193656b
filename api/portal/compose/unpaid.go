package compose

import (
	"context"
	"time"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/repair/repair"
)

// An RMA or parts order awaiting its card payment that nobody comes back to is cancelled by
// itself once PAYMENT_ABANDON_AFTER has passed since its customer last started paying it. Every
// process that serves the repair (or parts) domain sweeps: in the production shape several
// replicas do at once, and the cancellation's conditional update lets one of them cancel each.

// sweepInterval is how often the sweepers look: a small part of the abandon time, so an RMA is
// cancelled soon after it is due, between 10 seconds and 10 minutes.
func sweepInterval(after time.Duration) time.Duration {
	return min(max(after/24, 10*time.Second), 10*time.Minute)
}

// sweepUnpaidRMAs adds the abandoned RMAs' sweeper to the process's background jobs.
func (app *App) sweepUnpaidRMAs(cfg Config, oow *repair.Service) {
	after := cfg.PaymentAbandonAfter
	app.background = append(app.background, every(sweepInterval(after), func(ctx context.Context) error {
		_, err := oow.CancelAbandoned(ctx, after)
		return err
	}))
}

// sweepUnpaidOrders adds the abandoned parts orders' sweeper to the process's background jobs.
func (app *App) sweepUnpaidOrders(cfg Config, caps *capabilities, orders *parts.Orders) error {
	checkout, err := caps.Checkout()
	if err != nil {
		return err
	}
	sweeper := &parts.AbandonedOrders{
		Store: partsdb.NewStore(caps.gdb), Quotes: partsPayments{checkout: checkout}, Paid: orders,
		Mail: mail.NewOutbox(caps.gdb), Tx: db.NewTransactor(caps.gdb), Log: caps.log, Now: time.Now,
	}
	after := cfg.PaymentAbandonAfter
	app.background = append(app.background, every(sweepInterval(after), func(ctx context.Context) error {
		_, err := sweeper.Cancel(ctx, after)
		return err
	}))
	return nil
}
