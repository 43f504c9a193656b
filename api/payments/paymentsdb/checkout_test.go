package paymentsdb_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// The checkout on a real store (SQLite and PostgreSQL), the real provider clients against the
// sandboxes, and the real payments router receiving the sandboxes' webhooks.

// countingStore counts the quotes moved to paid and, when armed, holds every MarkPaid until
// `parties` callers are there, so racing payments really race at the conditional write.
type countingStore struct {
	payments.CheckoutStore
	wins    atomic.Int32
	barrier *barrier
	// beforeMarkPaid, when set, runs once before the next MarkPaid: what another request does
	// between a payment's check and its write.
	beforeMarkPaid atomic.Pointer[func()]
}

func (s *countingStore) MarkPaid(ctx context.Context, id string, p payments.Payment) (bool, error) {
	if b := s.barrier; b != nil {
		b.wait()
	}
	if hook := s.beforeMarkPaid.Swap(nil); hook != nil {
		(*hook)()
	}
	won, err := s.CheckoutStore.MarkPaid(ctx, id, p)
	if won {
		s.wins.Add(1)
	}
	return won, err
}

// barrier releases its callers once n of them arrived.
type barrier struct {
	t       *testing.T
	n       atomic.Int32
	release chan struct{}
}

func newBarrier(t *testing.T, n int32) *barrier {
	b := &barrier{t: t, release: make(chan struct{})}
	b.n.Store(n)
	return b
}

func (b *barrier) wait() {
	if b.n.Add(-1) == 0 {
		close(b.release)
	}
	select {
	case <-b.release:
	case <-time.After(20 * time.Second):
		b.t.Error("barrier: not every racer reached MarkPaid")
	}
}

// fulfiller records the quotes it is told of.
type fulfiller struct {
	mu   sync.Mutex
	paid []payments.Quote
}

func (f *fulfiller) QuotePaid(_ context.Context, q payments.Quote) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.paid = append(f.paid, q)
	return nil
}

func (f *fulfiller) calls() []payments.Quote {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]payments.Quote(nil), f.paid...)
}

// clock is the checkout's: the real time, moved on when a test lets days or minutes pass.
type clock struct{ offset atomic.Int64 }

func (c *clock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

func (c *clock) advance(d time.Duration) { c.offset.Add(int64(d)) }

// refundCounter counts what the checkout reports of its refunds, as the metrics do.
type refundCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

func (c *refundCounter) PaymentRefund(provider, reason, outcome string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[provider+" "+reason+" "+outcome]++
}

func (c *refundCounter) snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.counts {
		out[k] = v
	}
	return out
}

type fixture struct {
	gdb       *gorm.DB
	store     *countingStore
	raw       *paymentsdb.Store
	checkout  *payments.Checkout
	providers *paymentstest.Providers
	fulfilled *fulfiller
	clock     *clock
	refunds   *refundCounter
	// router is the payments router the providers' webhooks reach.
	router http.Handler
}

func newFixture(t *testing.T, gdb *gorm.DB) *fixture {
	t.Helper()
	raw := migrated(t, gdb)
	f := &fixture{gdb: gdb, raw: raw, store: &countingStore{CheckoutStore: raw}, providers: paymentstest.New(t), fulfilled: &fulfiller{},
		clock: &clock{}, refunds: &refundCounter{}}
	pp, an := f.providers.Gateways()
	f.checkout = f.newCheckout(pp, an)
	gin.SetMode(gin.TestMode)
	r := gin.New()
	paymentsapi.Routes(r, auth.NewGuard(authtest.NewSigner(t).Verifier(), testkit.Quiet()),
		paymentsapi.Deps{Checkout: f.checkout, Webhooks: f.providers.Webhooks()}, testkit.Quiet())
	f.router = r
	f.providers.Serve(r)
	return f
}

// newCheckout is a checkout on the fixture's store, outbox, clock and counters with these
// providers.
func (f *fixture) newCheckout(pp payments.PayPal, an payments.AuthNet) *payments.Checkout {
	return payments.NewCheckout(payments.CheckoutDeps{
		Store: f.store, Tx: db.NewTransactor(f.gdb), Mail: mail.NewOutbox(f.gdb),
		PayPal: pp, AuthNet: an, Fulfiller: f.fulfilled, PublicURL: f.providers.URL, Refunds: f.refunds,
		Log: testkit.Quiet(), Now: f.clock.Now,
	})
}

var caseyContact = payments.QuoteContact{FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com"}

// rmaQuote opens the repair quote of casey's RMA number.
func (f *fixture) rmaQuote(t *testing.T, number string, cents int64) payments.Quote {
	t.Helper()
	q, err := f.checkout.QuoteForRMA(t.Context(), payments.RMAQuote{
		Owner: "usr_casey", Serial: "RT10000002", RMANumber: number, Amount: money.USD(cents),
		Saved: payments.SavedQuote{Shipping: payments.QuoteShipping{Contact: caseyContact}},
	})
	require.NoError(t, err)
	return q
}

// serviceQuote stores an open service quote of casey's, as staff issue it.
func (f *fixture) serviceQuote(t *testing.T, cents int64) payments.Quote {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Microsecond)
	q := payments.Quote{
		ID: payments.NewQuoteID(), Kind: payments.KindService, Owner: "usr_casey", RMANumber: "RMA-100501", Serial: "RT10000002",
		Reference: payments.NewReference(), Amount: money.USD(cents), Status: payments.StatusOpen,
		ExpiresAt: now.Add(payments.QuoteValidity), CreatedAt: now, UpdatedAt: now,
		Saved: payments.SavedQuote{Shipping: payments.QuoteShipping{Contact: caseyContact}, Total: money.USD(cents)},
	}
	require.NoError(t, f.raw.CreateQuote(t.Context(), q))
	return q
}

// approved starts PayPal for q through the RMA path and approves the order with card.
func (f *fixture) approved(t *testing.T, q payments.Quote, card string) string {
	t.Helper()
	url, err := f.checkout.StartPayPal(t.Context(), q, f.providers.URL+"/create-rma/RT10000002?rmaNumber="+q.RMANumber,
		f.providers.URL+"/create-rma/RT10000002?rmaNumber="+q.RMANumber+"&cancelled=1")
	require.NoError(t, err)
	back := f.providers.ApprovePayPal(t, url, card)
	return back.Query().Get("token")
}

// deliver posts a webhook delivery to the fixture's router as a provider does and answers its
// status and body.
func (f *fixture) deliver(path string, header http.Header, body []byte) (int, string) {
	r := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	for k, v := range header {
		r.Header[k] = v
	}
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	f.router.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

func (f *fixture) receipts(t *testing.T) []mail.Entry {
	t.Helper()
	return f.mailsTo(t, "Payment received for quote ")
}

// mailsTo are the e-mails casey got whose subject starts with subject.
func (f *fixture) mailsTo(t *testing.T, subject string) []mail.Entry {
	t.Helper()
	sent, err := mail.Recent(t.Context(), f.gdb, "casey@example.com", 50)
	require.NoError(t, err)
	var out []mail.Entry
	for _, e := range sent {
		if strings.HasPrefix(e.Message.Subject, subject) {
			out = append(out, e)
		}
	}
	return out
}

func (f *fixture) quote(t *testing.T, id string) payments.Quote {
	t.Helper()
	q, err := f.raw.QuoteByID(t.Context(), id)
	require.NoError(t, err)
	return q
}

// events are the provider events noted for a quote, as type strings.
func (f *fixture) events(t *testing.T, quoteID string) []string {
	t.Helper()
	var types []string
	require.NoError(t, f.gdb.Table("payments_events").Where("quote_id = ?", quoteID).Order("received_at").Pluck("event_type", &types).Error)
	return types
}

// waitForEvent waits until the portal noted an event of type for the quote: webhook deliveries
// are asynchronous, as the providers' are.
func (f *fixture) waitForEvent(t *testing.T, quoteID, eventType string) {
	t.Helper()
	require.Eventually(t, func() bool {
		for _, e := range f.events(t, quoteID) {
			if e == eventType {
				return true
			}
		}
		return false
	}, 10*time.Second, 10*time.Millisecond, "the %s webhook of %s arrives", eventType, quoteID)
}

func TestIntegrationCheckout_TwoReturnsAndTheWebhookCaptureOncePayOnceMailOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		q := f.rmaQuote(t, "RMA-900001", 289_00)
		token := f.approved(t, q, paymentstest.CardPays)

		// Both returns and the webhook the first capture triggers meet at the conditional write.
		f.store.barrier = newBarrier(t, 3)
		var wg sync.WaitGroup
		results := make([]payments.Quote, 2)
		for i := range results {
			wg.Go(func() {
				paid, err := f.checkout.SettleRMA(context.Background(), "usr_casey", "RMA-900001", token)
				require.NoError(t, err)
				results[i] = paid
			})
		}
		wg.Wait()
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.COMPLETED")

		require.Equal(t, int32(1), f.store.wins.Load(), "one paid transition")
		require.Len(t, f.receipts(t), 1, "one receipt")
		stored := f.quote(t, q.ID)
		require.Equal(t, payments.StatusPaid, stored.Status)
		require.Equal(t, payments.MethodPayPal, stored.Method)
		require.Equal(t, token, stored.ProviderRef)
		require.NotEmpty(t, stored.CaptureID)
		require.NotNil(t, stored.PaidAt)
		for _, r := range results {
			require.Equal(t, stored.CaptureID, r.CaptureID, "one capture: both returns see the same")
			require.Equal(t, payments.StatusPaid, r.Status)
		}
		require.LessOrEqual(t, len(f.fulfilled.calls()), 1, "the webhook tells the fulfiller only when it won")
		require.Equal(t, "Payment received for quote "+q.ID, f.receipts(t)[0].Message.Subject)

		again, err := f.checkout.SettleRMA(t.Context(), "usr_casey", "RMA-900001", "")
		require.NoError(t, err)
		require.Equal(t, stored, again, "a late return answers the same")
	})
}

func TestIntegrationCheckout_ServiceQuoteDoubleClickAndWebhookFulfilOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		q := f.serviceQuote(t, 125_00)
		url, err := f.checkout.StartQuotePayPal(t.Context(), "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)
		back := f.providers.ApprovePayPal(t, url, paymentstest.CardPays)
		require.Equal(t, "/pay-quote/"+q.ID+"/"+q.Reference, back.Path, "PayPal returns to the pay-quote page")
		token := back.Query().Get("token")

		f.store.barrier = newBarrier(t, 3)
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				paid, err := f.checkout.CaptureQuotePayPal(context.Background(), "usr_casey", q.ID, q.Reference, token)
				require.NoError(t, err)
				require.Equal(t, payments.StatusPaid, paid.Status)
			})
		}
		wg.Wait()
		f.waitForEvent(t, q.ID, "PAYMENT.CAPTURE.COMPLETED")

		require.Equal(t, int32(1), f.store.wins.Load())
		require.Len(t, f.receipts(t), 1)
		calls := f.fulfilled.calls()
		require.Len(t, calls, 1, "whoever won tells the fulfiller, once")
		require.Equal(t, q.ID, calls[0].ID)
		require.Equal(t, payments.StatusPaid, calls[0].Status)
	})
}

func TestIntegrationCheckout_AuthNetConfirmAndWebhookAtOncePayOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		q := f.serviceQuote(t, 99_95)

		_, err := f.checkout.ConfirmQuoteAuthNet(t.Context(), "usr_casey", q.ID)
		require.ErrorIs(t, err, payments.ErrNotApproved, "no transaction yet: the browser asks again")

		form, err := f.checkout.StartQuoteAuthNet(t.Context(), "usr_casey", q.ID, q.Reference)
		require.NoError(t, err)
		f.store.barrier = newBarrier(t, 2)
		status, location := f.providers.PayAuthNet(t, form, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
		require.Equal(t, http.StatusSeeOther, status)
		require.Equal(t, f.providers.URL+"/authnet-response?quote="+q.ID, location)

		paid, err := f.checkout.ConfirmQuoteAuthNet(t.Context(), "usr_casey", q.ID)
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, paid.Status)
		require.Equal(t, payments.MethodAuthNet, paid.Method)
		f.waitForEvent(t, q.ID, "net.authorize.payment.authcapture.created")

		require.Equal(t, int32(1), f.store.wins.Load())
		require.Len(t, f.receipts(t), 1)
		require.Len(t, f.fulfilled.calls(), 1)
		stored := f.quote(t, q.ID)
		require.Equal(t, paid.ProviderRef, stored.ProviderRef, "the transaction found by invoice number is the webhook's")

		f.store.barrier = nil
		again, err := f.checkout.ConfirmQuoteAuthNet(t.Context(), "usr_casey", q.ID)
		require.NoError(t, err)
		require.Equal(t, stored, again, "a repeat answers the paid quote")
	})
}
