package paymentsdb_test

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

func sampleRefund(quoteID, ref string) payments.Refund {
	return payments.Refund{
		ID: payments.NewRefundID(), QuoteID: quoteID, Provider: payments.ProviderAuthNet, ProviderRef: ref,
		Amount: money.USD(125_00), Reason: payments.RefundQuotePaid, Status: payments.RefundPending, Attempts: 1,
		NextAttemptAt: t0.Add(5 * time.Minute), CreatedAt: t0,
	}
}

func TestIntegrationRefunds_OnePaymentIsRecordedOnceAndFinishedOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		ctx := t.Context()
		r := sampleRefund("QT-REFUNDS00001", "60000000002")
		created, err := s.RecordRefund(ctx, r)
		require.NoError(t, err)
		require.True(t, created)

		again := sampleRefund("QT-REFUNDS00001", "60000000002")
		created, err = s.RecordRefund(ctx, again)
		require.NoError(t, err)
		require.False(t, created, "the same payment reported by another path is recorded once")
		other := sampleRefund("QT-REFUNDS00001", "60000000003")
		other.CreatedAt = t0.Add(time.Second)
		created, err = s.RecordRefund(ctx, other)
		require.NoError(t, err)
		require.True(t, created, "another payment is another refund")

		got, err := s.RefundsOf(ctx, "QT-REFUNDS00001")
		require.NoError(t, err)
		require.Equal(t, []payments.Refund{r, other}, got, "oldest first, every field round-trips")

		require.NoError(t, s.DeferRefund(ctx, r.ID, "authnet: E00001 An error occurred during processing.", t0.Add(time.Minute)))
		done := t0.Add(2 * time.Minute)
		back := payments.Reversed{Reversal: payments.ReversalVoid, Ref: "60000000002", Amount: money.USD(125_00)}
		finished, err := s.FinishRefund(ctx, r.ID, back, done)
		require.NoError(t, err)
		require.True(t, finished)
		finished, err = s.FinishRefund(ctx, r.ID, back, done)
		require.NoError(t, err)
		require.False(t, finished, "a refund is finished once")

		got, err = s.RefundsOf(ctx, "QT-REFUNDS00001")
		require.NoError(t, err)
		want := r
		want.Status, want.Reversal, want.RefundRef, want.RefundedAt = payments.RefundDone, payments.ReversalVoid, "60000000002", &done
		want.NextAttemptAt = t0.Add(time.Minute)
		require.Equal(t, want, got[0], "the failure's text is cleared once given back")
		none, err := s.RefundsOf(ctx, "QT-NOREFUNDS001")
		require.NoError(t, err)
		require.Empty(t, none)
	})
}

func TestIntegrationRefunds_ADueRefundIsClaimedByOneRetrierUntilItsLeaseEnds(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		ctx := t.Context()
		due := sampleRefund("QT-REFUNDS00002", "60000000004")
		due.NextAttemptAt = t0
		later := sampleRefund("QT-REFUNDS00002", "60000000005")
		later.NextAttemptAt = t0.Add(time.Hour)
		done := sampleRefund("QT-REFUNDS00002", "60000000006")
		done.NextAttemptAt = t0
		for _, r := range []payments.Refund{due, later, done} {
			_, err := s.RecordRefund(ctx, r)
			require.NoError(t, err)
		}
		_, err := s.FinishRefund(ctx, done.ID, payments.Reversed{Reversal: payments.ReversalVoid, Ref: "60000000006"}, t0)
		require.NoError(t, err)

		// Two retriers at once: one claims the due refund, the other nothing.
		claims := make([][]payments.Refund, 2)
		var wg sync.WaitGroup
		for i := range claims {
			wg.Go(func() {
				got, err := s.ClaimDueRefunds(ctx, t0.Add(time.Minute), t0.Add(6*time.Minute), 10)
				require.NoError(t, err)
				claims[i] = got
			})
		}
		wg.Wait()
		claimed := append(claims[0], claims[1]...)
		require.Len(t, claimed, 1, "only the pending refund that is due, once")
		require.Equal(t, due.ID, claimed[0].ID)
		require.Equal(t, 2, claimed[0].Attempts, "the claim counts the attempt")
		require.Equal(t, t0.Add(6*time.Minute), claimed[0].NextAttemptAt, "hidden until the lease ends")

		again, err := s.ClaimDueRefunds(ctx, t0.Add(5*time.Minute), t0.Add(10*time.Minute), 10)
		require.NoError(t, err)
		require.Empty(t, again, "within the lease")
		again, err = s.ClaimDueRefunds(ctx, t0.Add(6*time.Minute), t0.Add(11*time.Minute), 10)
		require.NoError(t, err)
		require.Len(t, again, 1, "a retrier that died leaves it due again")
	})
}

func TestIntegrationQuotes_OfTwoFormTokensFromTheSameOneWins(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		ctx := t.Context()
		q := sampleQuote()
		require.NoError(t, s.CreateQuote(ctx, q))

		results := make([]error, 2)
		var wg sync.WaitGroup
		for i, token := range []string{"token-a", "token-b"} {
			wg.Go(func() { results[i] = s.SetFormToken(ctx, q.ID, token, "", t0.Add(time.Minute)) })
		}
		wg.Wait()
		require.ElementsMatch(t, []any{nil, payments.ErrQuoteChanged}, []any{results[0], results[1]}, "one stores its token")

		got, err := s.QuoteByID(ctx, q.ID)
		require.NoError(t, err)
		require.Contains(t, []string{"token-a", "token-b"}, got.FormToken)
		require.Equal(t, t0.Add(time.Minute), *got.FormIssuedAt)

		require.ErrorIs(t, s.SetFormToken(ctx, q.ID, "token-c", "", t0.Add(20*time.Minute)), payments.ErrQuoteChanged,
			"a replacement names the token it replaces")
		require.NoError(t, s.SetFormToken(ctx, q.ID, "token-c", got.FormToken, t0.Add(20*time.Minute)))
		q.Status = payments.StatusPaid
		require.NoError(t, s.SetQuoteStatus(ctx, q, payments.StatusOpen))
		require.ErrorIs(t, s.SetFormToken(ctx, q.ID, "token-d", "token-c", t0.Add(40*time.Minute)), payments.ErrQuoteChanged,
			"a paid quote opens no form")
	})
}
