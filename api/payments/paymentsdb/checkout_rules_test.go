package paymentsdb_test

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// storeQuote writes q as it is, for states the flows reach only over days (expiry).
func (f *fixture) storeQuote(t *testing.T, mutate func(*payments.Quote)) payments.Quote {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Microsecond)
	q := payments.Quote{
		ID: payments.NewQuoteID(), Kind: payments.KindSaved, Owner: "usr_casey", Serial: "RT10000002",
		Reference: payments.NewReference(), Amount: money.USD(289_00), Status: payments.StatusOpen,
		ExpiresAt: now.Add(payments.QuoteValidity), CreatedAt: now, UpdatedAt: now,
		Saved: payments.SavedQuote{Shipping: payments.QuoteShipping{Contact: caseyContact}, Total: money.USD(289_00)},
	}
	mutate(&q)
	require.NoError(t, f.raw.CreateQuote(t.Context(), q))
	return q
}

func TestIntegrationCheckout_SaveQuoteAndTakeItOverForAnRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		saved, err := f.checkout.SaveQuote(t.Context(), "usr_casey", "", "RT10000002", money.USD(260_10),
			payments.SavedQuote{Shipping: payments.QuoteShipping{Contact: caseyContact}, Total: money.USD(1)})
		require.NoError(t, err)
		require.Equal(t, payments.KindSaved, saved.Kind)
		require.Equal(t, money.USD(260_10), saved.Saved.Total, "the total is the amount, whatever the caller wrote")
		require.Equal(t, "RT10000002", saved.Saved.ExternalResource.Serial)
		require.Empty(t, saved.RMANumber)
		require.Equal(t, saved, f.quote(t, saved.ID))

		past := time.Now().UTC().Add(-time.Hour)
		paid := f.storeQuote(t, func(q *payments.Quote) { q.Status = payments.StatusPaid })
		cancelled := f.storeQuote(t, func(q *payments.Quote) { q.Status = payments.StatusCancelled })
		expired := f.storeQuote(t, func(q *payments.Quote) { q.ExpiresAt = past })
		service := f.storeQuote(t, func(q *payments.Quote) { q.Kind = payments.KindService })
		taken := f.storeQuote(t, func(q *payments.Quote) { q.RMANumber = "RMA-800001" })
		tests := []struct {
			name    string
			r       payments.RMAQuote
			wantErr error
		}{
			{"another owner's", payments.RMAQuote{Owner: "usr_olivia", Serial: "RT10000002", SavedQuoteID: saved.ID}, payments.ErrQuoteNotFound},
			{"unknown", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000002", SavedQuoteID: "QT-AAAAAAAAAAAA"}, payments.ErrQuoteNotFound},
			{"another serial", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000001", SavedQuoteID: saved.ID}, payments.ErrQuoteNotFound},
			{"a service quote", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000002", SavedQuoteID: service.ID}, payments.ErrQuoteNotFound},
			{"paid", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000002", SavedQuoteID: paid.ID}, payments.ErrAlreadyPaid},
			{"cancelled", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000002", SavedQuoteID: cancelled.ID}, payments.ErrQuoteCancelled},
			{"expired", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000002", SavedQuoteID: expired.ID}, payments.ErrQuoteExpired},
			{"taken by another RMA", payments.RMAQuote{Owner: "usr_casey", Serial: "RT10000002", SavedQuoteID: taken.ID}, payments.ErrQuoteChanged},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				tt.r.RMANumber, tt.r.Amount = "RMA-900010", money.USD(1)
				_, err := f.checkout.QuoteForRMA(t.Context(), tt.r)
				require.ErrorIs(t, err, tt.wantErr)
			})
		}

		got, err := f.checkout.QuoteForRMA(t.Context(), payments.RMAQuote{
			Owner: "usr_casey", Serial: "RT10000002", RMANumber: "RMA-900010", Amount: money.USD(999_99), SavedQuoteID: " " + saved.ID,
		})
		require.NoError(t, err)
		require.Equal(t, saved.ID, got.ID)
		require.Equal(t, money.USD(260_10), got.Amount, "the saved quote's amount stands")
		require.Equal(t, "RMA-900010", got.RMANumber)
		ofRMA, err := f.checkout.QuoteOfRMA(t.Context(), "usr_casey", "RMA-900010")
		require.NoError(t, err)
		require.Equal(t, got, ofRMA)
		_, err = f.checkout.QuoteOfRMA(t.Context(), "usr_olivia", "RMA-900010")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "another owner's RMA has no quote for them")

		_, err = f.checkout.QuoteForRMA(t.Context(), payments.RMAQuote{
			Owner: "usr_casey", Serial: "RT10000002", RMANumber: "RMA-900011", SavedQuoteID: saved.ID,
		})
		require.ErrorIs(t, err, payments.ErrQuoteChanged, "one saved quote pays one RMA")
	})
}

func TestIntegrationCheckout_SettleRMARules(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()

		_, err := f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900099", "")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "no quote")

		q := f.rmaQuote(t, "RMA-900020", 150_00)
		_, err = f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900020", "")
		require.ErrorIs(t, err, payments.ErrNotApproved, "no order yet")
		_, err = f.checkout.SettleRMA(ctx, "usr_olivia", "RMA-900020", "")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "another owner's RMA")

		url, err := f.checkout.StartPayPal(ctx, q, f.providers.URL+"/back", f.providers.URL+"/cancel")
		require.NoError(t, err)
		again, err := f.checkout.StartPayPal(ctx, q, f.providers.URL+"/back", f.providers.URL+"/cancel")
		require.NoError(t, err)
		require.Equal(t, url, again, "the quote's order is reused")
		token := f.quote(t, q.ID).ProviderRef
		require.NotEmpty(t, token)

		_, err = f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900020", token)
		require.ErrorIs(t, err, payments.ErrNotApproved, "the payer has not approved")
		_, err = f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900020", "5O190127TN364715T")
		require.ErrorIs(t, err, payments.ErrNotFound, "a token that is not the quote's order")

		back := f.providers.ApprovePayPal(t, url, paymentstest.PayPalCardDeclinedAtCapture)
		require.Equal(t, token, back.Query().Get("token"))
		_, err = f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900020", token)
		require.ErrorIs(t, err, payments.ErrDeclined)
		require.Equal(t, payments.StatusOpen, f.quote(t, q.ID).Status, "a decline leaves the quote open")
		require.Empty(t, f.receipts(t))

		f.providers.ApprovePayPal(t, url, paymentstest.CardPays)
		paid, err := f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900020", token)
		require.NoError(t, err, "approved again with another card")
		require.Equal(t, payments.StatusPaid, paid.Status)
		require.Equal(t, money.USD(150_00), paid.Amount)

		_, err = f.checkout.StartPayPal(ctx, q, f.providers.URL+"/back", f.providers.URL+"/cancel")
		require.ErrorIs(t, err, payments.ErrAlreadyPaid, "a paid quote is not paid again")
		require.ErrorIs(t, f.checkout.CancelForRMA(ctx, "usr_casey", "RMA-900020"), payments.ErrAlreadyPaid)

		past := time.Now().UTC().Add(-time.Minute)
		for name, tt := range map[string]struct {
			mutate  func(*payments.Quote)
			wantErr error
		}{
			"cancelled": {func(q *payments.Quote) { q.Status = payments.StatusCancelled }, payments.ErrQuoteCancelled},
			"expired":   {func(q *payments.Quote) { q.ExpiresAt = past }, payments.ErrQuoteExpired},
		} {
			t.Run(name, func(t *testing.T) {
				number := "RMA-9000" + map[string]string{"cancelled": "31", "expired": "32"}[name]
				f.storeQuote(t, func(q *payments.Quote) {
					q.Kind, q.RMANumber, q.Method, q.ProviderRef = payments.KindRepair, number, payments.MethodPayPal, "5O190127TN364715T"
					tt.mutate(q)
				})
				_, err := f.checkout.SettleRMA(ctx, "usr_casey", number, "")
				require.ErrorIs(t, err, tt.wantErr)
			})
		}
	})
}

func TestIntegrationCheckout_PurchaseOrderAndCancel(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()

		q := f.rmaQuote(t, "RMA-900040", 260_10)
		paid, err := f.checkout.AcceptPurchaseOrder(ctx, q, " PO-7781-1234 ")
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, paid.Status)
		require.Equal(t, payments.MethodPO, paid.Method)
		require.Equal(t, "PO-7781-1234", paid.CustomerPO)
		require.NotNil(t, paid.PaidAt)
		receipts := f.receipts(t)
		require.Len(t, receipts, 1)
		require.Contains(t, receipts[0].Message.Text, "purchase order PO-7781-1234")
		require.Empty(t, f.fulfilled.calls(), "the repair side processes what it settles")

		settled, err := f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900040", "")
		require.NoError(t, err, "a quote paid by PO is settled")
		require.Equal(t, paid, settled)
		_, err = f.checkout.AcceptPurchaseOrder(ctx, paid, "PO-2")
		require.ErrorIs(t, err, payments.ErrAlreadyPaid)
		_, err = f.checkout.AcceptPurchaseOrder(ctx, f.rmaQuote(t, "RMA-900041", 1_00), " ")
		require.Error(t, err, "a PO payment names its PO")

		require.NoError(t, f.checkout.CancelForRMA(ctx, "usr_casey", "RMA-900099"), "no quote: nothing to cancel")
		open := f.rmaQuote(t, "RMA-900042", 1_00)
		require.NoError(t, f.checkout.CancelForRMA(ctx, "usr_olivia", "RMA-900042"), "another owner's RMA has no quote of theirs")
		require.Equal(t, payments.StatusOpen, f.quote(t, open.ID).Status)
		require.NoError(t, f.checkout.CancelForRMA(ctx, "usr_casey", "RMA-900042"))
		require.Equal(t, payments.StatusCancelled, f.quote(t, open.ID).Status)
		require.NoError(t, f.checkout.CancelForRMA(ctx, "usr_casey", "RMA-900042"), "cancelled twice")
		_, err = f.checkout.AcceptPurchaseOrder(ctx, f.quote(t, open.ID), "PO-3")
		require.ErrorIs(t, err, payments.ErrQuoteCancelled)
	})
}

func TestIntegrationCheckout_PayQuotePagesAnswerOnlyTheOwnerWithTheLink(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		service := f.serviceQuote(t, 125_00)
		saved := f.storeQuote(t, func(*payments.Quote) {})
		past := time.Now().UTC().Add(-time.Minute)
		expired := f.storeQuote(t, func(q *payments.Quote) { q.Kind, q.RMANumber, q.ExpiresAt = payments.KindService, "RMA-100501", past })
		tests := []struct {
			name           string
			owner, id, ref string
			wantErr        error
		}{
			{"another owner", "usr_olivia", service.ID, service.Reference, payments.ErrQuoteNotFound},
			{"wrong reference", "usr_casey", service.ID, "notthereference", payments.ErrQuoteNotFound},
			{"no reference", "usr_casey", service.ID, "", payments.ErrQuoteNotFound},
			{"unknown", "usr_casey", "QT-AAAAAAAAAAAA", service.Reference, payments.ErrQuoteNotFound},
			{"a saved quote without RMA", "usr_casey", saved.ID, saved.Reference, payments.ErrQuoteNotPayable},
			{"expired", "usr_casey", expired.ID, expired.Reference, payments.ErrQuoteExpired},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := f.checkout.StartQuotePayPal(ctx, tt.owner, tt.id, tt.ref)
				require.ErrorIs(t, err, tt.wantErr)
				_, err = f.checkout.StartQuoteAuthNet(ctx, tt.owner, tt.id, tt.ref)
				require.ErrorIs(t, err, tt.wantErr)
				_, err = f.checkout.CaptureQuotePayPal(ctx, tt.owner, tt.id, tt.ref, "5O190127TN364715T")
				require.ErrorIs(t, err, tt.wantErr)
			})
		}
		_, err := f.checkout.ConfirmQuoteAuthNet(ctx, "usr_olivia", service.ID)
		require.ErrorIs(t, err, payments.ErrQuoteNotFound)
		_, err = f.checkout.ConfirmQuoteAuthNet(ctx, "usr_casey", expired.ID)
		require.ErrorIs(t, err, payments.ErrQuoteExpired)

		_, err = f.checkout.CaptureQuotePayPal(ctx, "usr_casey", service.ID, service.Reference, "")
		require.ErrorIs(t, err, payments.ErrNotFound, "no token")

		form, err := f.checkout.StartQuoteAuthNet(ctx, "usr_casey", service.ID, service.Reference)
		require.NoError(t, err)
		require.Equal(t, f.providers.URL+"/sandbox/authnet/payment/payment", form.FormURL)
		status, location := f.providers.PayAuthNet(t, form, paymentstest.CardPays, paymentstest.AuthNetZIPDeclined)
		require.Equal(t, http.StatusUnprocessableEntity, status, location)
		f.waitForEvent(t, service.ID, "net.authorize.payment.authcapture.created")
		_, err = f.checkout.ConfirmQuoteAuthNet(ctx, "usr_casey", service.ID)
		require.ErrorIs(t, err, payments.ErrDeclined, "only a declined card so far")
		require.Equal(t, payments.StatusOpen, f.quote(t, service.ID).Status, "a denial leaves the quote open")
		require.Empty(t, f.fulfilled.calls())
	})
}

func TestIntegrationCheckout_WebhooksForgedReplayedDeniedRefundedChangeNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.rmaQuote(t, "RMA-900050", 75_00)
		token := f.approved(t, q, paymentstest.CardPays)

		// Capture at PayPal without the portal, so only the webhook can pay the quote.
		pp, _ := f.providers.Gateways()
		captureID, err := pp.Capture(ctx, token, q.ID, q.Amount)
		require.NoError(t, err)
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.COMPLETED")
		stored := f.quote(t, q.ID)
		require.Equal(t, payments.StatusPaid, stored.Status, "the webhook paid it")
		require.Equal(t, captureID, stored.CaptureID)
		calls := f.fulfilled.calls()
		require.Len(t, calls, 1)
		require.Equal(t, "RMA-900050", calls[0].RMANumber)

		require.NoError(t, f.providers.PayPalSandbox.SendEvent(ctx, token, "PAYMENT.CAPTURE.REFUNDED"))
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.REFUNDED")
		require.NoError(t, f.providers.PayPalSandbox.SendEvent(ctx, token, "PAYMENT.CAPTURE.DENIED"))
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.DENIED")
		require.Equal(t, stored, f.quote(t, q.ID), "a refund and a denial are noted, the status unchanged")
		require.Len(t, f.receipts(t), 1)
		require.Len(t, f.fulfilled.calls(), 1)

		forged := []byte(`{"id":"WH-FORGED","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"X","status":"COMPLETED","invoice_id":"` + q.ID + `"}}`)
		header := http.Header{}
		for _, h := range []string{"Paypal-Transmission-Id", "Paypal-Transmission-Time", "Paypal-Transmission-Sig", "Paypal-Cert-Url", "Paypal-Auth-Algo"} {
			header.Set(h, "forged")
		}
		code, _ := f.deliver(paymentsapi.PayPalWebhookPath, header, forged)
		require.Equal(t, http.StatusUnauthorized, code)
		code, _ = f.deliver(paymentsapi.AuthNetWebhookPath, http.Header{"X-Anet-Signature": {"sha512=" + string(bytes.Repeat([]byte("ab"), 64))}}, forged)
		require.Equal(t, http.StatusUnauthorized, code)
		require.Len(t, f.events(t, q.ID), 3, "a forgery is not even noted")
	})
}

func TestIntegrationCheckout_AWebhookOfAnotherAmountDoesNotPay(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.rmaQuote(t, "RMA-900060", 75_00)
		token := f.approved(t, q, paymentstest.CardPays)
		// The quote's price changes after the order was made: the order no longer pays it.
		require.NoError(t, gdb.Table("payments_quotes").Where("id = ?", q.ID).Update("amount_cents", 80_00).Error)

		pp, _ := f.providers.Gateways()
		_, err := pp.Capture(ctx, token, q.ID, money.USD(75_00))
		require.NoError(t, err)
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.COMPLETED")
		require.Equal(t, payments.StatusOpen, f.quote(t, q.ID).Status, "the amount is the stored quote's")
		require.Empty(t, f.receipts(t))
		require.Empty(t, f.fulfilled.calls())

		_, err = f.checkout.SettleRMA(ctx, "usr_casey", "RMA-900060", token)
		require.ErrorIs(t, err, payments.ErrAmountMismatch, "nor does the return")
	})
}

// A replayed delivery, byte for byte, is a duplicate: the portal answers it and changes nothing.
func TestIntegrationCheckout_ReplayedAuthNetWebhookIsADuplicate(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		q := f.serviceQuote(t, 45_00)
		// Receive the deliveries here instead of at the portal, to replay them.
		deliveries := make(chan [2]string, 4)
		f.providers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var body bytes.Buffer
			_, _ = body.ReadFrom(r.Body)
			deliveries <- [2]string{r.Header.Get("X-ANET-Signature"), body.String()}
		}))
		form, err := f.checkout.StartQuoteAuthNet(ctx, "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)
		status, _ := f.providers.PayAuthNet(t, form, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
		require.Equal(t, http.StatusSeeOther, status)
		var d [2]string
		select {
		case d = <-deliveries:
		case <-time.After(10 * time.Second):
			t.Fatal("no webhook delivery")
		}

		signed := http.Header{"X-Anet-Signature": {d[0]}}
		code, answer := f.deliver(paymentsapi.AuthNetWebhookPath, signed, []byte(d[1]))
		require.Equal(t, http.StatusOK, code, answer)
		require.JSONEq(t, `{"status":"handled"}`, answer)
		require.Equal(t, payments.StatusPaid, f.quote(t, q.ID).Status)
		code, answer = f.deliver(paymentsapi.AuthNetWebhookPath, signed, []byte(d[1]))
		require.Equal(t, http.StatusOK, code)
		require.JSONEq(t, `{"status":"duplicate"}`, answer)
		code, _ = f.deliver(paymentsapi.AuthNetWebhookPath, signed, append([]byte(d[1]), ' '))
		require.Equal(t, http.StatusUnauthorized, code, "an altered body does not verify")
		require.Equal(t, int32(1), f.store.wins.Load())
		require.Len(t, f.receipts(t), 1)
		require.Len(t, f.fulfilled.calls(), 1)
		require.Equal(t, []string{"net.authorize.payment.authcapture.created"}, f.events(t, q.ID))
	})
}
