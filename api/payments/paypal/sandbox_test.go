package paypal_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/payments/paypalsandbox"
	"rugged.example/portal/api/pkg/money"
)

// harness serves the sandbox under /sandbox/paypal as the embedded default mounts it, a webhook
// receiver and the return pages, and gives a client configured only by URL and credentials.
type harness struct {
	srv        *httptest.Server
	sandbox    *paypalsandbox.Sandbox
	client     *paypal.Client
	tokens     atomic.Int32
	hooks      chan delivery
	browser    *http.Client
	sandboxURL string
}

type delivery struct {
	header http.Header
	body   []byte
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{hooks: make(chan delivery, 16)}
	mux := http.NewServeMux()
	h.srv = httptest.NewServer(mux)
	t.Cleanup(h.srv.Close)
	h.sandboxURL = h.srv.URL + "/sandbox/paypal"
	sb, err := paypalsandbox.New(paypalsandbox.Config{
		BaseURL: h.sandboxURL, ClientID: "portal-app", ClientSecret: "sandbox-secret",
		WebhookID: "8PT597110X687430LKGECATA", WebhookURL: h.srv.URL + "/webhooks/paypal",
		// Deliveries still under way when a test ends fail against the closed server.
		Logger: slog.New(slog.DiscardHandler),
	})
	require.NoError(t, err)
	h.sandbox = sb
	mux.Handle("/sandbox/paypal/", http.StripPrefix("/sandbox/paypal", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/oauth2/token" {
			h.tokens.Add(1)
		}
		sb.ServeHTTP(w, r)
	})))
	mux.HandleFunc("POST /webhooks/paypal", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.hooks <- delivery{header: r.Header.Clone(), body: body}
	})
	h.client = h.newClient(t, "8PT597110X687430LKGECATA")
	h.browser = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return h
}

func (h *harness) newClient(t *testing.T, webhookID string) *paypal.Client {
	t.Helper()
	c, err := paypal.New(paypal.Config{BaseURL: h.sandboxURL, ClientID: "portal-app", ClientSecret: "sandbox-secret", WebhookID: webhookID}, nil)
	require.NoError(t, err)
	return c
}

func (h *harness) create(t *testing.T, quoteID string, amount money.Money) paypal.Order {
	t.Helper()
	order, err := h.client.CreateOrder(context.Background(), paypal.OrderRequest{
		QuoteID: quoteID, Amount: amount, Description: "Out-of-warranty repair RT10000002",
		ReturnURL: h.srv.URL + "/create-rma/RT10000002?step=payment", CancelURL: h.srv.URL + "/canceled",
	})
	require.NoError(t, err)
	return order
}

// page opens the approval page the way a browser follows the payment URL.
func (h *harness) page(t *testing.T, paymentURL string) string {
	t.Helper()
	res, err := h.browser.Get(paymentURL)
	require.NoError(t, err)
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	require.Equal(t, http.StatusOK, res.StatusCode, string(body))
	return string(body)
}

// submit posts the approval form as the page's buttons do.
func (h *harness) submit(t *testing.T, paymentURL string, form url.Values) (*http.Response, string) {
	t.Helper()
	page := h.page(t, paymentURL)
	require.Contains(t, page, `<form method="post" action="checkoutnow"`)
	action, err := url.Parse(paymentURL)
	require.NoError(t, err)
	form.Set("token", action.Query().Get("token"))
	action = action.ResolveReference(&url.URL{Path: "checkoutnow"})
	res, err := h.browser.PostForm(action.String(), form)
	require.NoError(t, err)
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func approval(card string) url.Values {
	return url.Values{
		"action": {"approve"}, "email": {paypalsandbox.DefaultBuyer.Email}, "password": {paypalsandbox.DefaultBuyer.Password},
		"card_number": {card}, "expiry": {"12/30"}, "cvv": {"123"},
	}
}

func (h *harness) approve(t *testing.T, order paypal.Order, card string) url.Values {
	t.Helper()
	res, body := h.submit(t, order.PaymentURL, approval(card))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	back, err := url.Parse(res.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, "/create-rma/RT10000002", back.Path)
	require.Equal(t, "payment", back.Query().Get("step"), "the return URL keeps its own query")
	return back.Query()
}

func (h *harness) nextHook(t *testing.T) delivery {
	t.Helper()
	select {
	case d := <-h.hooks:
		return d
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook delivery")
		return delivery{}
	}
}

func TestSandbox_OrderIsPaidOnceFromCreateToVerifiedWebhook(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	quote := money.USD(28900)

	order := h.create(t, "Q-1001", quote)
	require.Equal(t, paypal.StatusCreated, order.Status)
	require.Equal(t, h.sandboxURL+"/checkoutnow?token="+order.ID, order.PaymentURL)
	got, err := h.client.GetOrder(ctx, order.ID)
	require.NoError(t, err)
	require.Equal(t, quote, got.Amount)
	require.Equal(t, "Q-1001", got.InvoiceID)

	_, err = h.client.Capture(ctx, order.ID, "Q-1001", quote)
	require.ErrorIs(t, err, payments.ErrNotApproved, "nothing is captured before the payer approves")

	page := h.page(t, order.PaymentURL)
	for _, want := range []string{"Pay $289.00", `<label for="email">Email</label>`, `<label for="card_number">Card number</label>`, "Invoice Q-1001"} {
		require.Contains(t, page, want)
	}
	wrong := approval("4111 1111 1111 1111")
	wrong.Set("password", "guess")
	res, body := h.submit(t, order.PaymentURL, wrong)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Contains(t, body, `role="alert"`)
	require.Contains(t, body, "Some of your info isn&#39;t correct. Please try again.")
	require.Contains(t, body, `aria-describedby="email-error"`)

	back := h.approve(t, order, "4111 1111 1111 1111")
	require.Equal(t, order.ID, back.Get("token"))
	require.NotEmpty(t, back.Get("PayerID"))
	got, err = h.client.GetOrder(ctx, back.Get("token"))
	require.NoError(t, err)
	require.Equal(t, paypal.StatusApproved, got.Status)
	require.Equal(t, back.Get("PayerID"), got.PayerID)

	capture, err := h.client.Capture(ctx, order.ID, "Q-1001", quote)
	require.NoError(t, err)
	require.Equal(t, paypal.StatusCompleted, capture.Status)
	require.Equal(t, quote, capture.Amount)

	again, err := h.client.Capture(ctx, order.ID, "Q-1001", quote)
	require.NoError(t, err, "a retry with the same request id gets the first capture back")
	require.Equal(t, capture, again)
	otherKey, err := h.client.Capture(ctx, order.ID, "Q-1001-second-tab", quote)
	require.NoError(t, err, "ORDER_ALREADY_CAPTURED is read back, not an error")
	require.Equal(t, capture, otherKey)
	got, err = h.client.GetOrder(ctx, order.ID)
	require.NoError(t, err)
	require.Equal(t, paypal.StatusCompleted, got.Status)
	require.Equal(t, []paypal.Capture{capture}, got.Captures)
	require.Equal(t, int32(1), h.tokens.Load(), "one token serves every call")

	log := &eventLog{}
	hook := h.nextHook(t)
	ev, err := h.client.VerifyWebhook(ctx, hook.header, hook.body, log)
	require.NoError(t, err)
	require.Equal(t, paypal.EventCaptureCompleted, ev.Type)
	require.Equal(t, capture.ID, ev.ResourceID)
	require.Equal(t, order.ID, ev.OrderID)
	require.Equal(t, "Q-1001", ev.InvoiceID)
	require.Equal(t, quote, ev.Amount)

	_, err = h.client.VerifyWebhook(ctx, hook.header, hook.body, log)
	require.ErrorIs(t, err, payments.ErrDuplicateEvent, "a replayed delivery changes nothing")

	forged := bytes.Replace(hook.body, []byte(`"value":"289.00"`), []byte(`"value":"2.89"`), 1)
	require.NotEqual(t, hook.body, forged)
	_, err = h.client.VerifyWebhook(ctx, hook.header, forged, &eventLog{})
	require.ErrorIs(t, err, payments.ErrWebhookUnverified, "an altered body is refused")
	_, err = h.newClient(t, "OTHER-WEBHOOK").VerifyWebhook(ctx, hook.header, hook.body, &eventLog{})
	require.ErrorIs(t, err, payments.ErrWebhookUnverified, "a delivery for another webhook is refused")

	require.NoError(t, h.sandbox.SendEvent(ctx, order.ID, paypal.EventCaptureRefunded))
	hook = h.nextHook(t)
	ev, err = h.client.VerifyWebhook(ctx, hook.header, hook.body, log)
	require.NoError(t, err)
	require.Equal(t, paypal.EventCaptureRefunded, ev.Type)
	require.Equal(t, quote, ev.Amount)
	require.Equal(t, "Q-1001", ev.InvoiceID)

	_, err = h.client.CreateOrder(ctx, paypal.OrderRequest{QuoteID: "Q-1001", Amount: quote, ReturnURL: h.srv.URL + "/r", CancelURL: h.srv.URL + "/c", RequestID: "order-Q-1001-2"})
	require.ErrorIs(t, err, payments.ErrAlreadyPaid, "a paid quote cannot be paid again")
}

func TestSandbox_CaptureOfAnotherAmountIsRefused(t *testing.T) {
	h := newHarness(t)
	order := h.create(t, "Q-2001", money.USD(1000))
	h.approve(t, order, "5555 5555 5555 4444")
	got, err := h.client.Capture(context.Background(), order.ID, "Q-2001", money.USD(999))
	require.ErrorIs(t, err, payments.ErrAmountMismatch)
	require.Equal(t, money.USD(1000), got.Amount, "what was taken is reported so it can be refunded")
}

func TestSandbox_DeclinedCardCanBeReplacedByAnother(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	order := h.create(t, "Q-3001", money.USD(28900))
	h.approve(t, order, "4000 0000 0000 0002")
	_, err := h.client.Capture(ctx, order.ID, "Q-3001", money.USD(28900))
	require.ErrorIs(t, err, payments.ErrDeclined)
	_, err = h.client.Capture(ctx, order.ID, "Q-3001", money.USD(28900))
	require.ErrorIs(t, err, payments.ErrDeclined, "the same card declines again")

	h.approve(t, order, "4111111111111111")
	capture, err := h.client.Capture(ctx, order.ID, "Q-3001", money.USD(28900))
	require.NoError(t, err)
	require.Equal(t, paypal.StatusCompleted, capture.Status)
}

func TestSandbox_CancelReturnsToTheCancelURLWithoutApproving(t *testing.T) {
	h := newHarness(t)
	order := h.create(t, "Q-4001", money.USD(28900))
	res, body := h.submit(t, order.PaymentURL, url.Values{"action": {"cancel"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, h.srv.URL+"/canceled?token="+order.ID, res.Header.Get("Location"))
	_, err := h.client.Capture(context.Background(), order.ID, "Q-4001", money.USD(28900))
	require.ErrorIs(t, err, payments.ErrNotApproved)
}

func TestSandbox_TwoCapturesAtOnceMakeOneCapture(t *testing.T) {
	h := newHarness(t)
	order := h.create(t, "Q-5001", money.USD(28900))
	h.approve(t, order, "4111 1111 1111 1111")

	// Two tabs with the same quote and two with a key of their own (another process, say).
	keys := []string{"Q-5001", "Q-5001", "Q-5001-tab", "Q-5001-other"}
	captures := make([]paypal.Capture, len(keys))
	errs := make([]error, len(keys))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, key := range keys {
		wg.Go(func() {
			<-start
			captures[i], errs[i] = h.client.Capture(context.Background(), order.ID, key, money.USD(28900))
		})
	}
	close(start)
	wg.Wait()
	for i := range keys {
		require.NoError(t, errs[i])
		require.Equal(t, captures[0], captures[i])
	}
	got, err := h.client.GetOrder(context.Background(), order.ID)
	require.NoError(t, err)
	require.Len(t, got.Captures, 1)

	h.nextHook(t)
	h.sandbox.Delivered()
	select {
	case d := <-h.hooks:
		t.Fatalf("a second webhook was sent: %s", d.body)
	default:
	}
}

func TestSandbox_WrongCredentialsMakeTheProviderUnavailable(t *testing.T) {
	h := newHarness(t)
	c, err := paypal.New(paypal.Config{BaseURL: h.sandboxURL, ClientID: "portal-app", ClientSecret: "wrong"}, nil)
	require.NoError(t, err)
	_, err = c.GetOrder(context.Background(), "5O190127TN364715T")
	require.ErrorIs(t, err, payments.ErrProviderUnavailable)
	require.NotContains(t, err.Error(), "wrong", "the secret never appears in errors")
}

func TestSandbox_UnknownOrderIsNotFound(t *testing.T) {
	h := newHarness(t)
	_, err := h.client.GetOrder(context.Background(), "5O190127TN364715T")
	require.ErrorIs(t, err, payments.ErrNotFound)
	_, err = h.client.Capture(context.Background(), "5O190127TN364715T", "Q-1", money.USD(100))
	require.ErrorIs(t, err, payments.ErrNotFound)
	res, err := h.browser.Get(h.sandboxURL + "/checkoutnow?token=NOPE")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	require.True(t, strings.HasPrefix(res.Header.Get("Content-Type"), "text/html"))
}
