package authnet_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/authnetsandbox"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/config"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// The client against the sandbox over HTTP, the way the embedded default runs them: the sandbox
// mounted under /sandbox/authnet, a browser that follows no redirect (to see where it is sent),
// and a webhook receiver.

const (
	loginID        = "sandbox-login"
	transactionKey = "sandbox-transaction-key"
	returnURL      = "https://portal.example/authnet-response"
	cancelURL      = "https://portal.example/service-quote-cancel"
)

type delivery struct {
	signature string
	body      []byte
}

type world struct {
	client   *authnet.Client
	sandbox  *authnetsandbox.Sandbox
	browser  *http.Client
	webhooks chan delivery
	base     string
	clock    *testkit.Clock
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{webhooks: make(chan delivery, 16), clock: testkit.NewClock(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))}
	receiver := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		require.NoError(t, err)
		w.webhooks <- delivery{signature: r.Header.Get(authnet.SignatureHeader), body: body}
	}))
	t.Cleanup(receiver.Close)

	sb, err := authnetsandbox.New(authnetsandbox.Config{
		LoginID: loginID, TransactionKey: transactionKey, SignatureKey: testSignatureKey,
		WebhookURL: receiver.URL + "/payments/webhooks/authnet", Now: w.clock.Now,
	})
	require.NoError(t, err)
	w.sandbox = sb
	mux := http.NewServeMux()
	mux.Handle("/sandbox/authnet/", http.StripPrefix("/sandbox/authnet", sb))
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { srv.Close(); sb.Close() })
	w.base = srv.URL + "/sandbox/authnet"

	w.client = w.newClient(t, transactionKey)
	w.browser = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return w
}

func (w *world) newClient(t *testing.T, key string) *authnet.Client {
	t.Helper()
	c, err := authnet.New(authnet.Config{
		APIURL: w.base + "/xml/v1/request.api", FormURL: w.base + "/payment/payment",
		LoginID: loginID, TransactionKey: config.Secret(key), SignatureKey: testSignatureKey,
	}, nil)
	require.NoError(t, err)
	return c
}

func (w *world) page(t *testing.T, cents int64, invoice string) authnet.HostedPage {
	t.Helper()
	p, err := w.client.HostedPaymentPage(context.Background(), authnet.PageRequest{
		Amount: money.USD(cents), InvoiceNumber: invoice, Description: "Service quote",
		ReturnURL: returnURL, CancelURL: cancelURL, MerchantName: "Rugged Devices Service",
	})
	require.NoError(t, err)
	require.NotEmpty(t, p.Token)
	return p
}

var formAction = regexp.MustCompile(`<form method="post" action="([^"]+)"`)

// open posts the token to the form URL as the portal's page does and returns the URL the form
// posts to.
func (w *world) open(t *testing.T, p authnet.HostedPage) (string, string) {
	t.Helper()
	status, body, _ := w.post(t, p.FormURL, url.Values{"token": {p.Token}})
	require.Equal(t, http.StatusOK, status, body)
	m := formAction.FindStringSubmatch(body)
	require.NotNil(t, m, "the page has a form")
	action, err := url.Parse(p.FormURL)
	require.NoError(t, err)
	rel, err := url.Parse(m[1])
	require.NoError(t, err)
	return action.ResolveReference(rel).String(), body
}

func (w *world) post(t *testing.T, target string, form url.Values) (int, string, string) {
	t.Helper()
	resp, err := w.browser.PostForm(target, form)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body), resp.Header.Get("Location")
}

func payWith(token, number, zip string) url.Values {
	return url.Values{"token": {token}, "action": {"pay"}, "cardNumber": {number},
		"expirationDate": {"1230"}, "cardCode": {"123"}, "zip": {zip}}
}

func (w *world) nextWebhook(t *testing.T) delivery {
	t.Helper()
	select {
	case d := <-w.webhooks:
		return d
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook arrived")
		return delivery{}
	}
}

func (w *world) noWebhook(t *testing.T) {
	t.Helper()
	w.sandbox.Delivered()
	select {
	case d := <-w.webhooks:
		t.Fatalf("unexpected webhook %s", d.body)
	default:
	}
}

func TestSandbox_ApprovedPaymentIsConfirmedOnlyAsTheQuoteItWasFor(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	p := w.page(t, 28900, "Q-20261123-0001")

	payURL, form := w.open(t, p)
	require.Contains(t, form, `<label for="cardNumber">Card Number</label>`)
	require.Contains(t, form, "$289.00")
	require.Contains(t, form, "Q-20261123-0001")

	status, _, location := w.post(t, payURL, payWith(p.Token, "4111 1111 1111 1111", "78681"))
	require.Equal(t, http.StatusSeeOther, status)
	require.Equal(t, returnURL, location, "the browser returns to the return URL with nothing added")

	d := w.nextWebhook(t)
	n, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	require.Equal(t, authnet.EventAuthCaptureCreated, n.EventType)
	require.Equal(t, 1, n.Payload.ResponseCode)
	require.Equal(t, "Q-20261123-0001", n.Payload.InvoiceNumber)
	require.Equal(t, money.USD(28900), n.Payload.AuthAmount)

	quote := authnet.Expected{Amount: money.USD(28900), InvoiceNumber: "Q-20261123-0001"}
	tx, err := w.client.ConfirmPayment(ctx, n.Payload.ID, quote)
	require.NoError(t, err)
	require.Equal(t, authnet.StatusCapturedPendingSettlement, tx.Status)
	require.Equal(t, "XXXX1111", tx.CardNumber)
	require.Equal(t, "Visa", tx.CardType)

	_, err = w.client.ConfirmPayment(ctx, n.Payload.ID, authnet.Expected{Amount: money.USD(28901), InvoiceNumber: quote.InvoiceNumber})
	require.ErrorIs(t, err, payments.ErrAmountMismatch)
	_, err = w.client.ConfirmPayment(ctx, n.Payload.ID, authnet.Expected{Amount: quote.Amount, InvoiceNumber: "Q-20261123-0002"})
	require.ErrorIs(t, err, authnet.ErrInvoiceMismatch)

	// The token paid once: the form does not open again, and a second submit of the same form
	// (a double click) returns to the portal without a second transaction.
	status, body, _ := w.post(t, p.FormURL, url.Values{"token": {p.Token}})
	require.Equal(t, http.StatusBadRequest, status)
	require.Contains(t, body, "Missing or invalid token.")
	status, _, location = w.post(t, payURL, payWith(p.Token, "4111111111111111", "78681"))
	require.Equal(t, http.StatusSeeOther, status)
	require.Equal(t, returnURL, location)
	w.noWebhook(t)
}

func TestSandbox_WebhooksVerifyOnlyAsSent(t *testing.T) {
	w := newWorld(t)
	p := w.page(t, 4500, "Q-20261123-0003")
	payURL, _ := w.open(t, p)
	status, _, _ := w.post(t, payURL, payWith(p.Token, "5424000000000015", ""))
	require.Equal(t, http.StatusSeeOther, status)
	d := w.nextWebhook(t)

	first, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)

	forged := authnetsandbox.Sign("not the signature key", d.body)
	_, err = w.client.VerifyWebhook(forged, d.body)
	require.ErrorIs(t, err, payments.ErrWebhookUnverified)

	edited := bytes.Replace(d.body, []byte(`"authAmount":45.00`), []byte(`"authAmount":4500.00`), 1)
	require.NotEqual(t, d.body, edited, "the edit changed the body")
	_, err = w.client.VerifyWebhook(d.signature, edited)
	require.ErrorIs(t, err, payments.ErrWebhookUnverified)

	// An exact replay verifies: the signature says who sent it, not when. Its notification id
	// is the one already seen, which is what the caller's event log refuses.
	again, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	require.Equal(t, first.NotificationID, again.NotificationID)
}

func TestSandbox_DeclinedCardIsNotAPaymentAndTheTesterMayRetry(t *testing.T) {
	for name, declining := range map[string]url.Values{
		"zip 46282":          payWith("", "4111111111111111", "46282"),
		"card 4222222222222": payWith("", "4222222222222", "78681"),
	} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t)
			ctx := context.Background()
			quote := authnet.Expected{Amount: money.USD(12345), InvoiceNumber: "Q-20261123-0004"}
			p := w.page(t, quote.Amount.Cents, quote.InvoiceNumber)
			payURL, _ := w.open(t, p)

			declining.Set("token", p.Token)
			status, body, _ := w.post(t, payURL, declining)
			require.Equal(t, http.StatusUnprocessableEntity, status)
			require.Contains(t, body, "The transaction has been declined.")

			d := w.nextWebhook(t)
			n, err := w.client.VerifyWebhook(d.signature, d.body)
			require.NoError(t, err)
			require.Equal(t, 2, n.Payload.ResponseCode)
			_, err = w.client.ConfirmPayment(ctx, n.Payload.ID, quote)
			require.ErrorIs(t, err, payments.ErrDeclined)

			status, _, location := w.post(t, payURL, payWith(p.Token, "4111111111111111", "78681"))
			require.Equal(t, http.StatusSeeOther, status)
			require.Equal(t, returnURL, location)
			d = w.nextWebhook(t)
			retry, err := w.client.VerifyWebhook(d.signature, d.body)
			require.NoError(t, err)
			require.NotEqual(t, n.Payload.ID, retry.Payload.ID, "the retry is a transaction of its own")
			_, err = w.client.ConfirmPayment(ctx, retry.Payload.ID, quote)
			require.NoError(t, err)
		})
	}
}

func TestSandbox_CancelReturnsToTheCancelURLWithoutATransaction(t *testing.T) {
	w := newWorld(t)
	p := w.page(t, 28900, "Q-20261123-0005")
	payURL, form := w.open(t, p)
	require.Contains(t, form, `value="cancel"`)

	status, _, location := w.post(t, payURL, url.Values{"token": {p.Token}, "action": {"cancel"}})
	require.Equal(t, http.StatusSeeOther, status)
	require.Equal(t, cancelURL, location)
	w.noWebhook(t)

	status, _, location = w.post(t, payURL, payWith(p.Token, "4111111111111111", "78681"))
	require.Equal(t, http.StatusSeeOther, status, "a cancelled page stays cancelled")
	require.Equal(t, cancelURL, location)
	w.noWebhook(t)
}

func TestSandbox_TokenExpiresAfterFifteenMinutes(t *testing.T) {
	w := newWorld(t)
	p := w.page(t, 28900, "Q-20261123-0006")
	w.clock.Advance(14 * time.Minute)
	payURL, _ := w.open(t, p)
	w.clock.Advance(2 * time.Minute)
	status, body, _ := w.post(t, payURL, payWith(p.Token, "4111111111111111", "78681"))
	require.Equal(t, http.StatusBadRequest, status)
	require.Contains(t, body, "Missing or invalid token.")
	w.noWebhook(t)
}

func TestSandbox_RefusesWrongCredentialsAndUnknownTransactions(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	_, err := w.newClient(t, "wrong-key").HostedPaymentPage(ctx, authnet.PageRequest{
		Amount: money.USD(100), InvoiceNumber: "Q-1", ReturnURL: returnURL, CancelURL: cancelURL,
	})
	require.ErrorIs(t, err, authnet.ErrAuthentication)
	var apiErr *authnet.APIError
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, "E00007", apiErr.Code)

	_, err = w.newClient(t, "wrong-key").TransactionDetails(ctx, "60000000001")
	require.ErrorIs(t, err, authnet.ErrAuthentication)

	_, err = w.client.TransactionDetails(ctx, "60000000001")
	require.ErrorIs(t, err, payments.ErrNotFound)
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, "E00040", apiErr.Code)
}

// Several submits of one form at once (a double click, two tabs) make one transaction, and each
// browser is sent back to the portal.
func TestSandbox_ConcurrentSubmitsMakeOneTransaction(t *testing.T) {
	w := newWorld(t)
	p := w.page(t, 28900, "Q-20261123-0007")
	payURL, _ := w.open(t, p)
	const clicks = 8
	var wg sync.WaitGroup
	locations := make(chan string, clicks)
	for range clicks {
		wg.Go(func() {
			resp, err := w.browser.PostForm(payURL, payWith(p.Token, "4111111111111111", "78681"))
			if err != nil {
				locations <- err.Error()
				return
			}
			resp.Body.Close()
			locations <- resp.Header.Get("Location")
		})
	}
	wg.Wait()
	close(locations)
	for l := range locations {
		require.Equal(t, returnURL, l)
	}
	d := w.nextWebhook(t)
	n, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	_, err = w.client.ConfirmPayment(context.Background(), n.Payload.ID, authnet.Expected{Amount: money.USD(28900), InvoiceNumber: "Q-20261123-0007"})
	require.NoError(t, err)
	w.noWebhook(t)
}
