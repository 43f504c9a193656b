package repair_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
)

// outbox queues the rma core's e-mails in the transactional outbox, as the composition root
// does, so an e-mail of a change that rolled back is not there.
type outbox struct{ gdb *gorm.DB }

func (o outbox) Enqueue(ctx context.Context, to, subject, text string) error {
	return mail.Enqueue(ctx, o.gdb, mail.Message{To: []string{to}, Subject: subject, Text: text})
}

// sweeping is the fixture with the creator and the service on one settable clock and the
// creator's e-mails in the outbox.
func sweeping(t *testing.T, gdb *gorm.DB) (fixture, *testkit.Clock) {
	t.Helper()
	f := newFixture(t, gdb)
	require.NoError(t, mail.Migrate(t.Context(), gdb))
	c := testkit.NewClock(time.Now().UTC())
	f.creator.Now, f.creator.Mail = c.Now, outbox{gdb}
	f.svc = repair.NewService(repair.Deps{
		RMAs: f.creator, Payments: f.payments, Attachments: f.files, PurchaseOrders: f.files, QuoteKeys: f.store,
		Tx: f.tx, Log: testkit.Quiet(), Now: c.Now, Settings: repair.Settings{PublicURL: "http://portal.test"},
	})
	return f, c
}

// subjects are the e-mails queued to casey, oldest first.
func subjects(t *testing.T, gdb *gorm.DB) []string {
	t.Helper()
	entries, err := mail.Recent(t.Context(), gdb, "casey@example.com", 50)
	require.NoError(t, err)
	out := make([]string, 0, len(entries))
	for i := len(entries) - 1; i >= 0; i-- {
		out = append(out, entries[i].Message.Subject)
	}
	return out
}

func TestIntegrationCancelAbandoned_CancelsTheRMAWithItsQuoteAndFreesTheUnit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f, c := sweeping(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)

		c.Advance(repair.DefaultAbandonAfter - time.Minute)
		n, err := f.svc.CancelAbandoned(t.Context(), 0)
		require.NoError(t, err)
		require.Zero(t, n, "not yet abandoned")

		c.Advance(2 * time.Minute)
		n, err = f.svc.CancelAbandoned(t.Context(), 0)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		stored, err := f.store.RMAByNumber(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, rma.StatusCancelled, stored.Status)
		require.True(t, f.payments.Cancelled(casey, res.RMANumber), "the quote is cancelled with it")
		require.Empty(t, f.unitRMA(t, "RT10000002"), "the unit is free for a new RMA")
		require.Equal(t, []string{"RMA " + res.RMANumber + " cancelled: payment not completed"}, subjects(t, gdb))

		n, err = f.svc.CancelAbandoned(t.Context(), 0)
		require.NoError(t, err)
		require.Zero(t, n, "nothing left to cancel")
	})
}

func TestIntegrationCancelAbandoned_RulesPerRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		tests := []struct {
			name string
			// meanwhile happens after the RMA is opened and the abandon time has passed.
			meanwhile  func(t *testing.T, f fixture, c *testkit.Clock, number string)
			after      time.Duration
			wantStatus rma.Status
			wantMails  []string
		}{
			{
				name: "a customer who came back and paid again keeps the RMA for another abandon time",
				meanwhile: func(t *testing.T, f fixture, c *testkit.Clock, number string) {
					_, err := f.svc.ResumePayment(t.Context(), casey, number)
					require.NoError(t, err)
				},
				wantStatus: rma.StatusAwaitingPayment,
			},
			{
				name: "a quote paid without its return (a webhook) releases the RMA instead",
				meanwhile: func(t *testing.T, f fixture, c *testkit.Clock, number string) {
					f.payments.MarkPaid(casey, number)
				},
				wantStatus: rma.StatusAwaitingUnit,
				wantMails:  []string{"RMA <number> created"},
			},
			{
				name:       "a configured abandon time replaces the default",
				meanwhile:  func(*testing.T, fixture, *testkit.Clock, string) {},
				after:      48 * time.Hour,
				wantStatus: rma.StatusAwaitingPayment,
			},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f, c := sweeping(t, gdb)
				require.NoError(t, gdb.Exec("DELETE FROM rma_rmas").Error)
				require.NoError(t, gdb.Exec("DELETE FROM mail_outbox").Error)
				require.NoError(t, gdb.Exec("UPDATE rma_units SET open_rma_number = '' WHERE serial = 'RT10000002'").Error)
				res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
				require.NoError(t, err)
				c.Advance(repair.DefaultAbandonAfter + time.Hour)
				tt.meanwhile(t, f, c, res.RMANumber)

				n, err := f.svc.CancelAbandoned(t.Context(), tt.after)
				require.NoError(t, err)
				require.Zero(t, n)
				stored, err := f.store.RMAByNumber(t.Context(), casey, res.RMANumber)
				require.NoError(t, err)
				require.Equal(t, tt.wantStatus, stored.Status)
				want := make([]string, len(tt.wantMails))
				for i, m := range tt.wantMails {
					want[i] = strings.ReplaceAll(m, "<number>", res.RMANumber)
				}
				require.Equal(t, want, subjects(t, gdb), "no cancellation e-mail")
				require.False(t, f.payments.Cancelled(casey, res.RMANumber))
			})
		}
	})
}

// The production shape runs the sweeper in every repair process: of several at once, one
// cancels each RMA, and the customer gets one e-mail.
func TestIntegrationCancelAbandoned_SweepersInSeveralProcessesCancelOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f, c := sweeping(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)
		c.Advance(2 * repair.DefaultAbandonAfter)

		const processes = 4
		var wg sync.WaitGroup
		counts := make([]int, processes)
		errs := make([]error, processes)
		for i := range processes {
			wg.Go(func() { counts[i], errs[i] = f.svc.CancelAbandoned(context.Background(), 0) })
		}
		wg.Wait()
		total := 0
		for i := range processes {
			require.NoError(t, errs[i])
			total += counts[i]
		}
		require.Equal(t, 1, total)
		require.Equal(t, []string{"RMA " + res.RMANumber + " cancelled: payment not completed"}, subjects(t, gdb))
	})
}
