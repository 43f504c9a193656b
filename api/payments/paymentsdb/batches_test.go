package paymentsdb_test

import (
	"context"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

// An RMA batch (BT-…) pays its out-of-warranty rows through one quote of kind batch, on
// SQLite and PostgreSQL, against the sandboxes: opened with the batch, paid by PO in its
// transaction or by PayPal after it (settled by the return, or by the webhook, which tells the
// Fulfiller), cancelled and issued again while unpaid, expired after 30 days, never listed and
// never paid on a pay-quote page.

// batchQuote opens the quote of casey's batch id.
func (f *fixture) batchQuote(t *testing.T, id string, cents int64) payments.Quote {
	t.Helper()
	q, err := f.checkout.QuoteForBatch(t.Context(), payments.BatchQuote{
		Owner: "usr_casey", Org: "FleetCo", BatchID: id, Amount: money.USD(cents), Contact: caseyContact,
	})
	require.NoError(t, err)
	return q
}

// batchPage is the batch's page PayPal returns the payer to, as the batch service asks.
func (f *fixture) batchPage(id string) string { return f.providers.URL + "/your-account/batches/" + id }

func TestIntegrationCheckout_BatchQuoteIsOpenedOncePerBatchAndReissuedWhileUnpaid(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()

		q := f.batchQuote(t, "BT-7K2M9Q4X", 520_20)
		require.Equal(t, payments.KindBatch, q.Kind)
		require.Equal(t, "BT-7K2M9Q4X", q.BatchID)
		require.Equal(t, "FleetCo", q.Org)
		require.Empty(t, q.Serial)
		require.Empty(t, q.RMANumber)
		require.Empty(t, q.OrderID)
		require.Equal(t, payments.StatusOpen, q.Status)
		require.Equal(t, q.CreatedAt.Add(payments.QuoteValidity), q.ExpiresAt, "open 30 days")
		require.Equal(t, money.USD(520_20), q.Saved.Total)

		got, err := f.checkout.QuoteOfBatch(ctx, "usr_casey", "BT-7K2M9Q4X")
		require.NoError(t, err)
		require.Equal(t, q, got, "the quote is stored as opened, batch id included")
		_, err = f.checkout.QuoteOfBatch(ctx, "usr_olivia", "BT-7K2M9Q4X")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "another owner's batch has no quote of theirs")
		_, err = f.checkout.QuoteOfOrder(ctx, "usr_casey", "BT-7K2M9Q4X")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "a batch is not a parts order")
		_, err = f.checkout.QuoteOfBatch(ctx, "usr_casey", "BT-00000000")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound)

		_, err = f.checkout.QuoteForBatch(ctx, payments.BatchQuote{Owner: "usr_casey", BatchID: "BT-7K2M9Q4X", Amount: money.USD(1_00), Contact: caseyContact})
		require.ErrorIs(t, err, payments.ErrQuoteChanged, "one open quote per batch")
		for _, bad := range []payments.BatchQuote{
			{Owner: "usr_casey", BatchID: "", Amount: money.USD(1_00)},
			{Owner: "usr_casey", BatchID: "PB-100001", Amount: money.USD(1_00)},
			{Owner: "", BatchID: "BT-AAAAAAAA", Amount: money.USD(1_00)},
			{Owner: "usr_casey", BatchID: "BT-AAAAAAAA", Amount: money.USD(0)},
		} {
			_, err := f.checkout.QuoteForBatch(ctx, bad)
			require.Error(t, err, "%+v", bad)
		}

		// The owner removes a row before paying: the open quote is cancelled and one for the new
		// total opened, in one transaction.
		tx := db.NewTransactor(gdb)
		var next payments.Quote
		require.NoError(t, tx.InTx(ctx, func(ctx context.Context) error {
			if err := f.checkout.CancelForBatch(ctx, "usr_casey", "BT-7K2M9Q4X"); err != nil {
				return err
			}
			var err error
			next, err = f.checkout.QuoteForBatch(ctx, payments.BatchQuote{
				Owner: "usr_casey", Org: "FleetCo", BatchID: "BT-7K2M9Q4X", Amount: money.USD(260_10), Contact: caseyContact,
			})
			return err
		}))
		require.Equal(t, payments.StatusCancelled, f.quote(t, q.ID).Status)
		got, err = f.checkout.QuoteOfBatch(ctx, "usr_casey", "BT-7K2M9Q4X")
		require.NoError(t, err)
		require.Equal(t, next.ID, got.ID, "the batch's quote is the new one")
		require.Equal(t, money.USD(260_10), got.Amount)

		// A failed removal leaves the quote as it was.
		boom := context.Canceled
		require.ErrorIs(t, tx.InTx(ctx, func(ctx context.Context) error {
			require.NoError(t, f.checkout.CancelForBatch(ctx, "usr_casey", "BT-7K2M9Q4X"))
			return boom
		}), boom)
		require.Equal(t, payments.StatusOpen, f.quote(t, next.ID).Status)

		// Removing the last unpaid row cancels the quote: the batch has none any more.
		require.NoError(t, f.checkout.CancelForBatch(ctx, "usr_olivia", "BT-7K2M9Q4X"), "another owner's: nothing of theirs")
		require.Equal(t, payments.StatusOpen, f.quote(t, next.ID).Status)
		require.NoError(t, f.checkout.CancelForBatch(ctx, "usr_casey", "BT-7K2M9Q4X"))
		require.NoError(t, f.checkout.CancelForBatch(ctx, "usr_casey", "BT-7K2M9Q4X"), "cancelled twice")
		_, err = f.checkout.QuoteOfBatch(ctx, "usr_casey", "BT-7K2M9Q4X")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound)
		_, err = f.checkout.SettleBatch(ctx, "usr_casey", "BT-7K2M9Q4X", "")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound)
		require.Empty(t, f.receipts(t))
	})
}

func TestIntegrationCheckout_BatchQuotePaidByPurchaseOrderOnceWhenRacing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.batchQuote(t, "BT-PQ4X7K2M", 1_234_50)

		f.store.barrier = newBarrier(t, 2)
		var wg sync.WaitGroup
		results := make([]payments.Quote, 2)
		for i, po := range []string{"PO-5521", "PO-5522"} {
			wg.Go(func() {
				paid, err := f.checkout.AcceptPurchaseOrder(context.Background(), q, po)
				require.NoError(t, err)
				results[i] = paid
			})
		}
		wg.Wait()
		f.store.barrier = nil

		require.Equal(t, int32(1), f.store.wins.Load(), "one paid transition")
		stored := f.quote(t, q.ID)
		require.Equal(t, payments.StatusPaid, stored.Status)
		require.Equal(t, payments.MethodPO, stored.Method)
		for _, r := range results {
			require.Equal(t, stored, r, "both answer the quote the winning PO paid")
		}
		receipts := f.receipts(t)
		require.Len(t, receipts, 1, "one receipt")
		require.Equal(t, "Payment received for quote "+q.ID, receipts[0].Message.Subject)
		require.Contains(t, receipts[0].Message.Text, "purchase order "+stored.CustomerPO+" for $1,234.50")
		require.Contains(t, receipts[0].Message.Text, "RMA batch BT-PQ4X7K2M")
		require.Empty(t, f.fulfilled.calls(), "the batch service moves its batch on itself")

		require.ErrorIs(t, f.checkout.CancelForBatch(ctx, "usr_casey", "BT-PQ4X7K2M"), payments.ErrAlreadyPaid, "a paid batch keeps its rows")
		_, err := f.checkout.QuoteForBatch(ctx, payments.BatchQuote{Owner: "usr_casey", BatchID: "BT-PQ4X7K2M", Amount: money.USD(1_00), Contact: caseyContact})
		require.ErrorIs(t, err, payments.ErrQuoteChanged, "a paid batch gets no second quote")
		_, err = f.checkout.AcceptPurchaseOrder(ctx, stored, "PO-5523")
		require.ErrorIs(t, err, payments.ErrAlreadyPaid)
		f.clock.advance(payments.QuoteValidity + time.Hour)
		_, err = f.checkout.ExpireForBatch(ctx, "usr_casey", "BT-PQ4X7K2M")
		require.ErrorIs(t, err, payments.ErrAlreadyPaid, "a paid quote never expires")
		settled, err := f.checkout.SettleBatch(ctx, "usr_casey", "BT-PQ4X7K2M", "")
		require.NoError(t, err)
		require.Equal(t, stored, settled, "settling a paid batch answers it as it is")
	})
}

func TestIntegrationCheckout_BatchQuotePaidByPayPalAndSettledByTheReturn(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()

		unstarted := f.batchQuote(t, "BT-N0TSTART", 80_00)
		_, err := f.checkout.SettleBatch(ctx, "usr_casey", unstarted.BatchID, "")
		require.ErrorIs(t, err, payments.ErrNotApproved, "no PayPal order yet")

		q := f.batchQuote(t, "BT-7K2M9Q4X", 780_30)
		url, err := f.checkout.StartPayPal(ctx, q, f.batchPage(q.BatchID), f.batchPage(q.BatchID)+"?cancelled=1")
		require.NoError(t, err)
		res, err := http.Get(url)
		require.NoError(t, err)
		page, err := io.ReadAll(res.Body)
		require.NoError(t, res.Body.Close())
		require.NoError(t, err)
		require.Contains(t, string(page), "RMA batch BT-7K2M9Q4X", "PayPal shows the payer what they pay")
		require.Contains(t, string(page), "780.30")

		_, err = f.checkout.SettleBatch(ctx, "usr_casey", q.BatchID, "")
		require.ErrorIs(t, err, payments.ErrNotApproved, "started, not approved")
		back := f.providers.ApprovePayPal(t, url, paymentstest.CardPays)
		require.Equal(t, "/your-account/batches/BT-7K2M9Q4X", back.Path, "PayPal returns to the batch's page")
		token := back.Query().Get("token")
		require.NotEmpty(t, back.Query().Get("PayerID"))

		_, err = f.checkout.SettleBatch(ctx, "usr_casey", q.BatchID, "EC-NOT-THE-ORDER")
		require.ErrorIs(t, err, payments.ErrNotFound, "a token that is not the order's")
		_, err = f.checkout.SettleBatch(ctx, "usr_olivia", q.BatchID, token)
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "only the owner settles")

		settled, err := f.checkout.SettleBatch(ctx, "usr_casey", q.BatchID, token)
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, settled.Status)
		require.Equal(t, payments.MethodPayPal, settled.Method)
		require.Equal(t, token, settled.ProviderRef)
		require.NotEmpty(t, settled.CaptureID)
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.COMPLETED")

		// The return and the capture's webhook race: the webhook tells the Fulfiller only when it
		// won, and then names the batch it paid.
		calls := f.fulfilled.calls()
		require.LessOrEqual(t, len(calls), 1)
		for _, c := range calls {
			require.Equal(t, payments.KindBatch, c.Kind)
			require.Equal(t, "BT-7K2M9Q4X", c.BatchID)
		}
		receipts := f.receipts(t)
		require.Len(t, receipts, 1, "one receipt per paid quote")
		require.Contains(t, receipts[0].Message.Text, "PayPal payment of $780.30 for quote "+q.ID)
		require.Contains(t, receipts[0].Message.Text, "RMA batch BT-7K2M9Q4X")

		again, err := f.checkout.SettleBatch(ctx, "usr_casey", q.BatchID, token)
		require.NoError(t, err)
		require.Equal(t, f.quote(t, q.ID), again, "a repeated confirm answers the paid quote")
		_, err = f.checkout.StartPayPal(ctx, again, f.batchPage(q.BatchID), f.batchPage(q.BatchID))
		require.ErrorIs(t, err, payments.ErrAlreadyPaid)
	})
}

// A batch quote the payer approved and PayPal captured without the payer coming back (the
// browser closed) is paid by the webhook, which tells the Fulfiller, once.
func TestIntegrationCheckout_BatchQuotePaidByTheWebhookTellsTheFulfiller(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		q := f.batchQuote(t, "BT-WEBH00K1", 260_10)
		token := f.approvedBatch(t, q)
		pp, _ := f.providers.Gateways()
		_, err := pp.Capture(t.Context(), token, q.ID, q.Amount)
		require.NoError(t, err)

		require.Eventually(t, func() bool { return len(f.fulfilled.calls()) == 1 }, 10*time.Second, 10*time.Millisecond,
			"the webhook pays the quote and tells the fulfiller")
		call := f.fulfilled.calls()[0]
		require.Equal(t, q.ID, call.ID)
		require.Equal(t, payments.KindBatch, call.Kind)
		require.Equal(t, "BT-WEBH00K1", call.BatchID)
		require.Equal(t, "usr_casey", call.Owner)
		require.Equal(t, payments.StatusPaid, call.Status)
		require.Len(t, f.receipts(t), 1)

		// The payer comes back afterwards: the batch page's confirm answers the paid quote.
		settled, err := f.checkout.SettleBatch(t.Context(), "usr_casey", q.BatchID, token)
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, settled.Status)
		require.Len(t, f.fulfilled.calls(), 1, "told once")
		require.Equal(t, int32(1), f.store.wins.Load())
	})
}

// approvedBatch starts PayPal for batch quote q as the batch page does and approves it.
func (f *fixture) approvedBatch(t *testing.T, q payments.Quote) string {
	t.Helper()
	url, err := f.checkout.StartPayPal(t.Context(), q, f.batchPage(q.BatchID), f.batchPage(q.BatchID)+"?cancelled=1")
	require.NoError(t, err)
	return f.providers.ApprovePayPal(t, url, paymentstest.CardPays).Query().Get("token")
}

// Money that reaches PayPal for a batch quote cancelled (its rows removed) or expired
// meanwhile pays nothing and is given back, with an e-mail that names the batch.
func TestIntegrationCheckout_MoneyForACancelledOrExpiredBatchQuoteIsRefunded(t *testing.T) {
	tests := []struct {
		name       string
		meanwhile  func(t *testing.T, f *fixture, q payments.Quote)
		wantStatus payments.QuoteStatus
		wantReason payments.RefundReason
	}{
		{
			name: "every row removed",
			meanwhile: func(t *testing.T, f *fixture, q payments.Quote) {
				require.NoError(t, f.checkout.CancelForBatch(t.Context(), "usr_casey", q.BatchID))
			},
			wantStatus: payments.StatusCancelled, wantReason: payments.RefundQuoteCancelled,
		},
		{
			name: "the quote expired",
			meanwhile: func(t *testing.T, f *fixture, q payments.Quote) {
				f.clock.advance(payments.QuoteValidity + time.Minute)
				expired, err := f.checkout.ExpireForBatch(t.Context(), "usr_casey", q.BatchID)
				require.NoError(t, err)
				require.Equal(t, payments.StatusExpired, expired.Status)
			},
			wantStatus: payments.StatusExpired, wantReason: payments.RefundQuoteExpired,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
				f := newFixture(t, gdb)
				q := f.batchQuote(t, "BT-REFUND01", 150_00)
				token := f.approvedBatch(t, q)
				tt.meanwhile(t, f, q)
				pp, _ := f.providers.Gateways()
				_, err := pp.Capture(t.Context(), token, q.ID, q.Amount)
				require.NoError(t, err)

				r := f.refundsOf(t, q.ID, 1)[0]
				require.Equal(t, payments.ProviderPayPal, r.Provider)
				require.Equal(t, tt.wantReason, r.Reason)
				require.Equal(t, q.Amount, r.Amount)
				require.Equal(t, tt.wantStatus, f.quote(t, q.ID).Status, "the money paid nothing")
				require.Empty(t, f.receipts(t))
				require.Empty(t, f.fulfilled.calls())
				mails := f.refundMails(t)
				require.Len(t, mails, 1)
				require.Contains(t, mails[0].Message.Text, "RMA batch BT-REFUND01 (quote "+q.ID+")")
			})
		})
	}
}

func TestIntegrationCheckout_BatchQuoteExpiresAfterThirtyDays(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.batchQuote(t, "BT-EXP1RE00", 99_00)

		_, err := f.checkout.ExpireForBatch(ctx, "usr_casey", q.BatchID)
		require.ErrorIs(t, err, payments.ErrQuoteNotExpired)
		_, err = f.checkout.ExpireForBatch(ctx, "usr_olivia", q.BatchID)
		require.ErrorIs(t, err, payments.ErrQuoteNotFound)

		f.clock.advance(payments.QuoteValidity)
		got, err := f.checkout.QuoteOfBatch(ctx, "usr_casey", q.BatchID)
		require.NoError(t, err)
		require.Equal(t, payments.StatusExpired, got.StatusAt(f.clock.Now()), "expired at its time, written down or not")
		_, err = f.checkout.AcceptPurchaseOrder(ctx, got, "PO-1")
		require.ErrorIs(t, err, payments.ErrQuoteExpired)
		_, err = f.checkout.StartPayPal(ctx, got, f.batchPage(q.BatchID), f.batchPage(q.BatchID))
		require.ErrorIs(t, err, payments.ErrQuoteExpired)

		expired, err := f.checkout.ExpireForBatch(ctx, "usr_casey", q.BatchID)
		require.NoError(t, err)
		require.Equal(t, payments.StatusExpired, expired.Status)
		require.Equal(t, payments.StatusExpired, f.quote(t, q.ID).Status, "written down")
		again, err := f.checkout.ExpireForBatch(ctx, "usr_casey", q.BatchID)
		require.NoError(t, err)
		require.Equal(t, f.quote(t, q.ID), again, "a second expiry answers it as it is")
		require.NoError(t, f.checkout.CancelForBatch(ctx, "usr_casey", q.BatchID), "an expired quote has nothing to cancel")
		require.Equal(t, payments.StatusExpired, f.quote(t, q.ID).Status)
	})
}

func TestIntegrationCheckout_BatchQuoteIsNeverListedNorPaidOnAPayQuotePage(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		open := f.batchQuote(t, "BT-L1STED00", 310_00)
		paid := f.batchQuote(t, "BT-L1STED01", 45_00)
		_, err := f.checkout.AcceptPurchaseOrder(ctx, paid, "PO-77")
		require.NoError(t, err)
		saved, err := f.checkout.SaveQuote(ctx, "usr_casey", "FleetCo", "RT10000002", money.USD(289_00),
			payments.SavedQuote{Shipping: payments.QuoteShipping{Contact: caseyContact}})
		require.NoError(t, err)

		list := quotes(gdb, f.raw, nil, time.Now())
		for _, v := range []visibility.Viewer{{Subject: "usr_casey", Org: "FleetCo"}, {Subject: "usr_olivia", Org: "FleetCo"}} {
			all := payments.QuoteSearch{Statuses: []payments.QuoteStatus{payments.StatusOpen, payments.StatusPaid, payments.StatusCancelled, payments.StatusExpired}}
			page, err := list.Connection(ctx, v, all, payments.QuoteSort{}, payments.Keyset{})
			require.NoError(t, err)
			require.Len(t, page.Items, 1, "only the saved quote is listed for %s", v.Subject)
			require.Equal(t, saved.ID, page.Items[0].ID)
			n, err := list.Count(ctx, v, all)
			require.NoError(t, err)
			require.Equal(t, 1, n)
			n, err = list.Count(ctx, v, payments.QuoteSearch{Text: "BT-L1STED"})
			require.NoError(t, err)
			require.Zero(t, n)
		}
		_, err = list.Connection(ctx, visibility.Viewer{Subject: "usr_casey"}, payments.QuoteSearch{Kinds: []payments.QuoteKind{payments.KindBatch}},
			payments.QuoteSort{}, payments.Keyset{})
		require.Error(t, err, "batch quotes cannot be asked for")

		for _, q := range []payments.Quote{open, paid} {
			_, err = f.checkout.StartQuotePayPal(ctx, "usr_casey", q.ID, q.Reference)
			require.ErrorIs(t, err, payments.ErrBatchQuoteNotPayable)
			require.ErrorIs(t, err, payments.ErrQuoteNotPayable, "payments.quoteNotPayable")
			shown, ok := fault.As(err)
			require.True(t, ok)
			require.Equal(t, payments.ErrBatchQuoteNotPayable.Message, shown.Message, "the customer is sent to the batch's page")
			_, err = f.checkout.CaptureQuotePayPal(ctx, "usr_casey", q.ID, q.Reference, "5O190127TN364715T")
			require.ErrorIs(t, err, payments.ErrBatchQuoteNotPayable)
			_, err = f.checkout.StartQuoteAuthNet(ctx, "usr_casey", q.ID, q.Reference)
			require.ErrorIs(t, err, payments.ErrBatchQuoteNotPayable, "no card form for a batch")
			_, err = f.checkout.ConfirmQuoteAuthNet(ctx, "usr_casey", q.ID)
			require.ErrorIs(t, err, payments.ErrBatchQuoteNotPayable)
		}
		require.Equal(t, payments.StatusOpen, f.quote(t, open.ID).Status)
		require.Empty(t, f.quote(t, open.ID).FormToken)
	})
}
