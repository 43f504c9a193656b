package rmadb_test

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// abandonAfter is the default abandon time; the tests move a clock instead of waiting.
const abandonAfter = 24 * time.Hour

// clocked is the fixture with its creator on the labels' settable clock (labelretry_test.go),
// started now.
func clocked(t *testing.T, gdb *gorm.DB) (fixture, *clock) {
	t.Helper()
	f := newFixture(t, gdb)
	c := &clock{now: time.Now().UTC()}
	f.creator.Now = c.Now
	return f, c
}

func TestIntegrationAwaitingPayment_AnswersOnlyTheOwnersUnpaidRMAOfTheUnit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		unpaid := openAwaitingPayment(t, f, "k-1")
		inWarranty := request() // RT10000001: its RMA awaits the unit, not a payment
		inWarranty.Problem.Attachments = []string{"rma/b.mp4"}
		_, err := f.creator.Create(t.Context(), inWarranty)
		require.NoError(t, err)
		tests := []struct {
			name   string
			owner  string
			serial rma.Serial
			want   string
			err    error
		}{
			{name: "the owner's unpaid RMA", owner: "usr_casey", serial: "RT10000002", want: unpaid.Number},
			{name: "another customer's unpaid RMA is absent", owner: "usr_mallory", serial: "RT10000002", err: rma.ErrRMANotFound},
			{name: "an RMA past its payment is not offered", owner: "usr_casey", serial: "RT10000001", err: rma.ErrRMANotFound},
			{name: "a free unit has none", owner: "usr_casey", serial: "RT10000009", err: rma.ErrRMANotFound},
			{name: "a unit held by an RMA of the imported history has none", owner: "usr_casey", serial: "RT10000006", err: rma.ErrRMANotFound},
			{name: "an unknown serial answers alike", owner: "usr_casey", serial: "ZZ99999999", err: rma.ErrRMANotFound},
			{name: "no caller has none", owner: "", serial: "RT10000002", err: rma.ErrRMANotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := f.creator.AwaitingPayment(t.Context(), tt.owner, tt.serial)
				if tt.err != nil {
					require.ErrorIs(t, err, tt.err)
					return
				}
				require.NoError(t, err)
				require.Equal(t, tt.want, got.Number)
				require.Equal(t, rma.StatusAwaitingPayment, got.Status)
			})
		}
	})
}

func TestIntegrationCancelUnpaid_CancelsAnRMALeftAloneLongerThanTheAbandonTime(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f, c := clocked(t, gdb)
		opened := c.Now()
		r := openAwaitingPayment(t, f, "k-1")

		due, err := f.creator.Unpaid(t.Context(), opened.Add(-time.Second), 10)
		require.NoError(t, err)
		require.Empty(t, due, "an RMA opened after the cutoff is not due")

		c.advance(abandonAfter + time.Minute)
		cutoff := c.Now().Add(-abandonAfter)
		due, err = f.creator.Unpaid(t.Context(), cutoff, 10)
		require.NoError(t, err)
		require.Len(t, due, 1)
		require.Equal(t, r.Number, due[0].Number)

		won, err := f.creator.CancelUnpaid(t.Context(), due[0], cutoff, abandonAfter)
		require.NoError(t, err)
		require.True(t, won)
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusCancelled, stored.Status)
		unit, err := f.store.UnitBySerial(t.Context(), "RT10000002")
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber, "the unit is free for a new RMA")
		timeline, err := f.store.Timeline(t.Context(), r.Number)
		require.NoError(t, err)
		last := timeline[len(timeline)-1]
		require.Equal(t, rma.ActorSystem, last.Actor)
		require.Equal(t, rma.StatusCancelled, last.Status)
		require.Equal(t, "Cancelled by the portal: the payment was not completed within 24 hours", last.Detail)
		require.Contains(t, f.mailer.Sent, "casey@example.com|RMA "+r.Number+" cancelled: payment not completed")

		again, err := f.creator.CancelUnpaid(t.Context(), due[0], cutoff, abandonAfter)
		require.NoError(t, err)
		require.False(t, again, "a cancelled RMA is not cancelled twice")
		due, err = f.creator.Unpaid(t.Context(), cutoff, 10)
		require.NoError(t, err)
		require.Empty(t, due)
	})
}

func TestIntegrationCancelUnpaid_APaymentResumedSinceTheListKeepsTheRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f, c := clocked(t, gdb)
		r := openAwaitingPayment(t, f, "k-1")
		c.advance(abandonAfter + time.Hour)
		cutoff := c.Now().Add(-abandonAfter)
		due, err := f.creator.Unpaid(t.Context(), cutoff, 10)
		require.NoError(t, err)
		require.Len(t, due, 1)

		// The customer comes back and pays again between the sweeper's list and its cancellation.
		renewed, err := f.creator.RenewPaymentAttempt(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingPayment, renewed.Status)

		won, err := f.creator.CancelUnpaid(t.Context(), due[0], cutoff, abandonAfter)
		require.NoError(t, err)
		require.False(t, won)
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingPayment, stored.Status)
		require.Empty(t, f.mailer.Sent, "no e-mail for an RMA that was not cancelled")

		c.advance(abandonAfter + time.Minute)
		due, err = f.creator.Unpaid(t.Context(), c.Now().Add(-abandonAfter), 10)
		require.NoError(t, err)
		require.Len(t, due, 1, "the clock restarted at the renewal")
	})
}

func TestIntegrationCancelUnpaid_ConcurrentSweepersCancelOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f, c := clocked(t, gdb)
		openAwaitingPayment(t, f, "k-1")
		c.advance(2 * abandonAfter)
		cutoff := c.Now().Add(-abandonAfter)
		due, err := f.creator.Unpaid(t.Context(), cutoff, 10)
		require.NoError(t, err)
		require.Len(t, due, 1)

		const sweepers = 6
		var wg sync.WaitGroup
		wins := make(chan bool, sweepers)
		for range sweepers {
			wg.Go(func() {
				won, err := f.creator.CancelUnpaid(t.Context(), due[0], cutoff, abandonAfter)
				if err == nil {
					wins <- won
				}
			})
		}
		wg.Wait()
		close(wins)
		var won, answered int
		for w := range wins {
			answered++
			if w {
				won++
			}
		}
		require.Equal(t, sweepers, answered, "every sweeper answers")
		require.Equal(t, 1, won)
		require.Len(t, f.mailer.Sent, 1, "one e-mail")
	})
}

func TestIntegrationRenewPaymentAttempt_AnswersForWhatTheRMABecame(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := openAwaitingPayment(t, f, "k-1")
		_, err := f.creator.RenewPaymentAttempt(t.Context(), "usr_mallory", r.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound, "another customer's RMA is absent")

		released, err := f.creator.Release(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		got, err := f.creator.RenewPaymentAttempt(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, got.Status, "a paid RMA is answered as it is")
		require.Equal(t, released.LabelID, got.LabelID)

		require.NoError(t, f.store.CloseUnitRMA(t.Context(), "RT10000002", r.Number))
		f.claimer.Claimed = map[string]string{} // the next RMA's files are new uploads
		other := openAwaitingPayment(t, f, "k-2")
		_, err = f.creator.Cancel(t.Context(), "usr_casey", other.Number)
		require.NoError(t, err)
		_, err = f.creator.RenewPaymentAttempt(t.Context(), "usr_casey", other.Number)
		require.ErrorIs(t, err, rma.ErrRMACancelled)
	})
}
