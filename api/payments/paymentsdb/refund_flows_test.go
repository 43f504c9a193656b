package paymentsdb_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// Every path by which money can reach a provider for a payable that no longer takes it — a
// second form, a late PayPal capture, a late card form, a webhook for a cancelled or expired
// quote, a return that loses a race — ends with that money given back through the provider's
// own API, recorded on the quote, mailed once and counted; on SQLite and PostgreSQL, against
// the sandboxes.

// partsQuote opens the parts quote of casey's parts order id.
func (f *fixture) partsQuote(t *testing.T, orderID string, cents int64) payments.Quote {
	t.Helper()
	q, err := f.checkout.QuoteForOrder(t.Context(), payments.OrderQuote{
		Owner: "usr_casey", OrderID: orderID, Amount: money.USD(cents), Contact: caseyContact,
	})
	require.NoError(t, err)
	return q
}

// payByCard pays q on a hosted form of its own and confirms it as the browser does after the
// redirect; it returns the transaction id.
func (f *fixture) payByCard(t *testing.T, q payments.Quote) string {
	t.Helper()
	form, err := f.checkout.StartQuoteAuthNet(t.Context(), "usr_casey", q.ID, q.Reference)
	require.NoError(t, err)
	status, _ := f.providers.PayAuthNet(t, form, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
	require.Equal(t, http.StatusSeeOther, status)
	paid, err := f.checkout.ConfirmQuoteAuthNet(t.Context(), "usr_casey", q.ID)
	require.NoError(t, err)
	require.Equal(t, payments.MethodAuthNet, paid.Method)
	return paid.ProviderRef
}

// refundsOf waits until quote id has want refunds all given back (webhooks and the refunds
// they cause arrive asynchronously, as the providers' do) and returns them.
func (f *fixture) refundsOf(t *testing.T, id string, want int) []payments.Refund {
	t.Helper()
	var got []payments.Refund
	require.Eventually(t, func() bool {
		var err error
		got, err = f.checkout.Refunds(context.Background(), id)
		require.NoError(t, err)
		if len(got) != want {
			return false
		}
		for _, r := range got {
			if r.Status != payments.RefundDone {
				return false
			}
		}
		return true
	}, 10*time.Second, 10*time.Millisecond, "quote %s has %d refunds given back: %+v", id, want, &got)
	return got
}

// refundMails are the refund e-mails casey got.
func (f *fixture) refundMails(t *testing.T) []mail.Entry {
	t.Helper()
	return f.mailsTo(t, "Refund of your payment for quote ")
}

// capturedAfter approves q's PayPal order, lets cancel cancel q's RMA or parts order, and then
// captures the order at PayPal, as a capture already under way completes after a cancellation.
func (f *fixture) capturedAfter(t *testing.T, q payments.Quote, cancel func(context.Context) error) {
	t.Helper()
	token := f.approved(t, q, paymentstest.CardPays)
	require.NoError(t, cancel(t.Context()))
	pp, _ := f.providers.Gateways()
	_, err := pp.Capture(t.Context(), token, q.ID, q.Amount)
	require.NoError(t, err)
}

// withoutPayPalWebhooks answers PayPal's deliveries 503 (PayPal's sandbox does not retry), so
// only the portal's own calls can report a capture.
func (f *fixture) withoutPayPalWebhooks() {
	f.providers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == paymentsapi.PayPalWebhookPath {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		f.router.ServeHTTP(w, r)
	}))
}

func (f *fixture) transactionStatus(t *testing.T, transID string) string {
	t.Helper()
	tx, err := f.providers.AuthNet.TransactionDetails(t.Context(), transID)
	require.NoError(t, err)
	return tx.Status
}

func (f *fixture) captureStatus(t *testing.T, orderID string) string {
	t.Helper()
	o, err := f.providers.PayPal.GetOrder(t.Context(), orderID)
	require.NoError(t, err)
	require.Len(t, o.Captures, 1)
	return o.Captures[0].Status
}

// The exploit of issue 26: a hosted form opened, the quote paid through PayPal, then the old
// form submitted. The card transaction is voided at once, and the quote stays paid by PayPal.
func TestIntegrationRefunds_ALateCardFormAfterAPayPalPaymentIsVoided(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.serviceQuote(t, 125_00)
		form, err := f.checkout.StartQuoteAuthNet(ctx, "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)

		url, err := f.checkout.StartQuotePayPal(ctx, "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)
		back := f.providers.ApprovePayPal(t, url, paymentstest.CardPays)
		paid, err := f.checkout.CaptureQuotePayPal(ctx, "usr_casey", q.ID, q.Reference, back.Query().Get("token"))
		require.NoError(t, err)
		require.Equal(t, payments.MethodPayPal, paid.Method)
		_, err = f.checkout.StartQuoteAuthNet(ctx, "usr_casey", q.ID, q.Reference)
		require.ErrorIs(t, err, payments.ErrAlreadyPaid, "a paid quote opens no new form")

		status, location := f.providers.PayAuthNet(t, form, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
		require.Equal(t, http.StatusSeeOther, status, "the old form still charges the card at the provider")
		require.Equal(t, f.providers.URL+"/authnet-response?quote="+q.ID, location)
		confirmed, err := f.checkout.ConfirmQuoteAuthNet(ctx, "usr_casey", q.ID)
		require.NoError(t, err)
		require.Equal(t, paid, confirmed, "the page the form returns to shows the quote paid by PayPal")

		refunds := f.refundsOf(t, q.ID, 1)
		r := refunds[0]
		require.Equal(t, payments.ProviderAuthNet, r.Provider)
		require.Equal(t, money.USD(125_00), r.Amount)
		require.Equal(t, payments.RefundQuotePaid, r.Reason)
		require.Equal(t, payments.ReversalVoid, r.Reversal)
		require.Equal(t, r.ProviderRef, r.RefundRef)
		require.NotNil(t, r.RefundedAt)
		require.Equal(t, authnet.StatusVoided, f.transactionStatus(t, r.ProviderRef), "Authorize.net shows the void")
		f.waitForEvent(t, q.ID, authnet.EventVoidCreated)

		require.Equal(t, payments.MethodPayPal, f.quote(t, q.ID).Method, "PayPal's payment stands")
		require.Len(t, f.receipts(t), 1)
		mails := f.refundMails(t)
		require.Len(t, mails, 1)
		require.Contains(t, mails[0].Message.Text, "We voided it at once (reference "+r.ProviderRef+")")
		require.Len(t, f.fulfilled.calls(), 1)
		require.Equal(t, map[string]int{"authnet quote_paid refunded": 1}, f.refunds.snapshot())
	})
}

// A PayPal capture that completes after a card paid the quote (the capture of an order the
// payer approved in another tab) is refunded when its webhook arrives; the return that follows
// captures nothing more.
func TestIntegrationRefunds_ALatePayPalCaptureAfterACardPaymentIsRefunded(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.rmaQuote(t, "RMA-900101", 289_00)
		token := f.approved(t, q, paymentstest.CardPays)
		transID := f.payByCard(t, q)

		pp, _ := f.providers.Gateways()
		captureID, err := pp.Capture(ctx, token, q.ID, q.Amount)
		require.NoError(t, err)
		refunds := f.refundsOf(t, q.ID, 1)
		require.Equal(t, payments.Refund{
			ID: refunds[0].ID, QuoteID: q.ID, Provider: payments.ProviderPayPal, ProviderRef: captureID, Amount: money.USD(289_00),
			Reason: payments.RefundQuotePaid, Status: payments.RefundDone, Reversal: payments.ReversalRefund, RefundRef: refunds[0].RefundRef,
			Attempts: 1, NextAttemptAt: refunds[0].NextAttemptAt, CreatedAt: refunds[0].CreatedAt, RefundedAt: refunds[0].RefundedAt,
		}, refunds[0])
		require.NotEmpty(t, refunds[0].RefundRef)
		require.Equal(t, "REFUNDED", f.captureStatus(t, token), "PayPal shows the refund")
		f.waitForEvent(t, q.ID, paypal.EventCaptureRefunded)

		settled, err := f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900101", token)
		require.NoError(t, err, "the PayPal return answers the quote as paid")
		require.Equal(t, transID, settled.ProviderRef, "by the card")
		require.Len(t, f.refundsOf(t, q.ID, 1), 1, "and takes nothing more")
		require.Len(t, f.refundMails(t), 1)
		require.Len(t, f.receipts(t), 1)
		require.Equal(t, map[string]int{"paypal quote_paid refunded": 1}, f.refunds.snapshot())
	})
}

// A PayPal return captures, and before its write another request pays or cancels the payable:
// the capture loses the conditional write and is refunded at once, before the return answers.
func TestIntegrationRefunds_APayPalReturnThatLosesTheRaceIsRefundedAtOnce(t *testing.T) {
	tests := []struct {
		name string
		// open makes the payable; meanwhile is what another request does during the capture;
		// settle is the return.
		open       func(t *testing.T, f *fixture) payments.Quote
		meanwhile  func(t *testing.T, f *fixture, q payments.Quote)
		settle     func(ctx context.Context, f *fixture, q payments.Quote, token string) (payments.Quote, error)
		wantErr    error
		wantReason payments.RefundReason
	}{
		{
			name: "an RMA cancelled meanwhile",
			open: func(t *testing.T, f *fixture) payments.Quote { return f.rmaQuote(t, "RMA-900111", 150_00) },
			meanwhile: func(t *testing.T, f *fixture, q payments.Quote) {
				require.NoError(t, f.checkout.CancelForRMA(context.Background(), "usr_casey", q.RMANumber))
			},
			settle: func(ctx context.Context, f *fixture, q payments.Quote, token string) (payments.Quote, error) {
				return f.checkout.SettleRMA(ctx, "usr_casey", q.RMANumber, token)
			},
			wantErr: payments.ErrQuoteCancelled, wantReason: payments.RefundQuoteCancelled,
		},
		{
			name: "a parts order cancelled meanwhile",
			open: func(t *testing.T, f *fixture) payments.Quote { return f.partsQuote(t, "PB-100042", 49_90) },
			meanwhile: func(t *testing.T, f *fixture, q payments.Quote) {
				require.NoError(t, f.checkout.CancelForOrder(context.Background(), "usr_casey", q.OrderID))
			},
			settle: func(ctx context.Context, f *fixture, q payments.Quote, token string) (payments.Quote, error) {
				return f.checkout.SettleOrder(ctx, "usr_casey", q.OrderID, token)
			},
			wantErr: payments.ErrQuoteCancelled, wantReason: payments.RefundQuoteCancelled,
		},
		{
			name:      "a service quote paid by card meanwhile",
			open:      func(t *testing.T, f *fixture) payments.Quote { return f.serviceQuote(t, 125_00) },
			meanwhile: func(t *testing.T, f *fixture, q payments.Quote) { f.payByCard(t, q) },
			settle: func(ctx context.Context, f *fixture, q payments.Quote, token string) (payments.Quote, error) {
				return f.checkout.CaptureQuotePayPal(ctx, "usr_casey", q.ID, q.Reference, token)
			},
			wantReason: payments.RefundQuotePaid,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
				f := newFixture(t, gdb)
				f.withoutPayPalWebhooks()
				q := tt.open(t, f)
				token := f.approved(t, q, paymentstest.CardPays)
				meanwhile := func() { tt.meanwhile(t, f, q) }
				f.store.beforeMarkPaid.Store(&meanwhile)

				got, err := tt.settle(t.Context(), f, q, token)
				require.ErrorIs(t, err, tt.wantErr)
				refunds, rerr := f.checkout.Refunds(t.Context(), q.ID)
				require.NoError(t, rerr)
				require.Len(t, refunds, 1, "recorded and given back before the return answers")
				require.Equal(t, payments.RefundDone, refunds[0].Status)
				require.Equal(t, payments.ProviderPayPal, refunds[0].Provider)
				require.Equal(t, tt.wantReason, refunds[0].Reason)
				require.Equal(t, q.Amount, refunds[0].Amount)
				require.Equal(t, "REFUNDED", f.captureStatus(t, token))
				require.Len(t, f.refundMails(t), 1)
				if tt.wantErr == nil {
					require.Equal(t, payments.MethodAuthNet, got.Method, "the return shows the card payment that won")
					require.Len(t, f.receipts(t), 1)
				} else {
					require.Empty(t, f.receipts(t))
				}
			})
		})
	}
}

// A capture whose webhook arrives after its RMA or parts order was cancelled, or a card form
// submitted after its quote expired, is given back when the webhook arrives.
func TestIntegrationRefunds_AWebhookForACancelledOrExpiredPayableIsRefunded(t *testing.T) {
	tests := []struct {
		name       string
		pay        func(t *testing.T, f *fixture) payments.Quote
		wantReason payments.RefundReason
		provider   string
		reversal   payments.Reversal
	}{
		{
			name: "a PayPal capture of a cancelled RMA",
			pay: func(t *testing.T, f *fixture) payments.Quote {
				q := f.rmaQuote(t, "RMA-900121", 210_00)
				f.capturedAfter(t, q, func(ctx context.Context) error { return f.checkout.CancelForRMA(ctx, "usr_casey", q.RMANumber) })
				return q
			},
			wantReason: payments.RefundQuoteCancelled, provider: payments.ProviderPayPal, reversal: payments.ReversalRefund,
		},
		{
			name: "a PayPal capture of a cancelled parts order",
			pay: func(t *testing.T, f *fixture) payments.Quote {
				q := f.partsQuote(t, "PB-100043", 75_50)
				f.capturedAfter(t, q, func(ctx context.Context) error { return f.checkout.CancelForOrder(ctx, "usr_casey", q.OrderID) })
				return q
			},
			wantReason: payments.RefundQuoteCancelled, provider: payments.ProviderPayPal, reversal: payments.ReversalRefund,
		},
		{
			name: "a card form submitted after the quote expired",
			pay: func(t *testing.T, f *fixture) payments.Quote {
				q := f.storeQuote(t, func(q *payments.Quote) {
					q.Kind, q.RMANumber, q.ExpiresAt = payments.KindService, "RMA-100501", time.Now().UTC().Add(10*time.Minute)
				})
				form, err := f.checkout.StartQuoteAuthNet(t.Context(), "usr_casey", q.ID, q.Reference)
				require.NoError(t, err)
				f.clock.advance(time.Hour)
				status, _ := f.providers.PayAuthNet(t, form, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
				require.Equal(t, http.StatusSeeOther, status)
				return q
			},
			wantReason: payments.RefundQuoteExpired, provider: payments.ProviderAuthNet, reversal: payments.ReversalVoid,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
				f := newFixture(t, gdb)
				q := tt.pay(t, f)
				r := f.refundsOf(t, q.ID, 1)[0]
				require.Equal(t, tt.provider, r.Provider)
				require.Equal(t, tt.wantReason, r.Reason)
				require.Equal(t, tt.reversal, r.Reversal)
				require.Equal(t, q.Amount, r.Amount)
				require.NotEqual(t, payments.StatusPaid, f.quote(t, q.ID).Status, "the money paid nothing")
				require.Empty(t, f.receipts(t))
				require.Empty(t, f.fulfilled.calls())
				require.Len(t, f.refundMails(t), 1)
				require.Equal(t, map[string]int{tt.provider + " " + string(tt.wantReason) + " refunded": 1}, f.refunds.snapshot())
			})
		})
	}
}

// Two form requests at once (two tabs, a double click) get one token, and so does every request
// while that token can still be used; only then is a new one issued.
func TestIntegrationRefunds_AQuoteHasOneOpenCardFormAtATime(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		q := f.serviceQuote(t, 99_00)
		forms := make([]payments.HostedForm, 4)
		var wg sync.WaitGroup
		for i := range forms {
			wg.Go(func() {
				form, err := f.checkout.StartQuoteAuthNet(context.Background(), "usr_casey", q.ID, q.Reference)
				require.NoError(t, err)
				forms[i] = form
			})
		}
		wg.Wait()
		for _, form := range forms {
			require.Equal(t, forms[0], form, "one token for requests at once")
		}
		stored := f.quote(t, q.ID)
		require.Equal(t, forms[0].Token, stored.FormToken)
		require.NotNil(t, stored.FormIssuedAt)

		f.clock.advance(payments.HostedFormLifetime - time.Second)
		again, err := f.checkout.StartQuoteAuthNet(t.Context(), "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)
		require.Equal(t, forms[0], again, "while the token can still be used")

		f.clock.advance(time.Second)
		fresh, err := f.checkout.StartQuoteAuthNet(t.Context(), "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)
		require.NotEqual(t, forms[0].Token, fresh.Token, "a new token once the first has expired")
		require.Equal(t, fresh.Token, f.quote(t, q.ID).FormToken)

		// One form, submitted twice: one transaction, no refund.
		f.providers.PayAuthNet(t, fresh, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
		paid, err := f.checkout.ConfirmQuoteAuthNet(t.Context(), "usr_casey", q.ID)
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, paid.Status)
		f.waitForEvent(t, q.ID, authnet.EventAuthCaptureCreated)
		refunds, err := f.checkout.Refunds(t.Context(), q.ID)
		require.NoError(t, err)
		require.Empty(t, refunds)
	})
}

// refundOutage fails PayPal's refund calls while it is on, as a PayPal outage does; every other
// call goes through.
type refundOutage struct{ on atomic.Bool }

func (o *refundOutage) RoundTrip(r *http.Request) (*http.Response, error) {
	if o.on.Load() && strings.HasSuffix(r.URL.Path, "/refund") {
		return nil, errors.New("connection refused")
	}
	return http.DefaultTransport.RoundTrip(r)
}

// A refund PayPal cannot take now is kept pending with its failure and tried again after a
// growing wait, until it goes through; the customer is mailed once, when it does.
func TestIntegrationRefunds_ARefundThatFailsAtTheProviderIsRetriedUntilItGoesThrough(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		outage := &refundOutage{}
		outage.on.Store(true)
		_, an := f.providers.Gateways()
		f.checkout = f.newCheckout(paypal.NewGateway(f.providers.PayPalClientWith(t, &http.Client{Transport: outage})), an)
		f.withoutPayPalWebhooks()

		q := f.rmaQuote(t, "RMA-900131", 180_00)
		token := f.approved(t, q, paymentstest.CardPays)
		cancel := func() { require.NoError(t, f.checkout.CancelForRMA(context.Background(), "usr_casey", q.RMANumber)) }
		f.store.beforeMarkPaid.Store(&cancel)
		_, err := f.checkout.SettleRMA(ctx, "usr_casey", q.RMANumber, token)
		require.ErrorIs(t, err, payments.ErrQuoteCancelled)

		refunds, err := f.checkout.Refunds(ctx, q.ID)
		require.NoError(t, err)
		require.Len(t, refunds, 1)
		pending := refunds[0]
		require.Equal(t, payments.RefundPending, pending.Status)
		require.Equal(t, 1, pending.Attempts)
		require.Contains(t, pending.LastError, "connection refused")
		require.Equal(t, "COMPLETED", f.captureStatus(t, token), "the money is still taken")
		require.Empty(t, f.refundMails(t), "nobody is told of a refund not made")

		claimed, err := f.checkout.RetryDueRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, claimed, "not due yet")
		f.clock.advance(time.Minute + time.Second)
		claimed, err = f.checkout.RetryDueRefunds(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, claimed)
		refunds, err = f.checkout.Refunds(ctx, q.ID)
		require.NoError(t, err)
		require.Equal(t, payments.RefundPending, refunds[0].Status, "still down")
		require.Equal(t, 2, refunds[0].Attempts)

		outage.on.Store(false)
		f.clock.advance(time.Minute + time.Second)
		claimed, err = f.checkout.RetryDueRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, claimed, "the wait doubles after each failure")
		f.clock.advance(time.Minute)
		claimed, err = f.checkout.RetryDueRefunds(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, claimed)

		done := f.refundsOf(t, q.ID, 1)[0]
		require.Equal(t, 3, done.Attempts)
		require.Empty(t, done.LastError)
		require.Equal(t, "REFUNDED", f.captureStatus(t, token))
		require.Len(t, f.refundMails(t), 1)
		claimed, err = f.checkout.RetryDueRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, claimed, "nothing left to retry")
		require.Equal(t, map[string]int{"paypal quote_cancelled failed": 2, "paypal quote_cancelled refunded": 1}, f.refunds.snapshot())
	})
}
