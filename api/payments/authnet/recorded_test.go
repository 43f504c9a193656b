package authnet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/authnetsandbox"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// testSignatureKey has the shape of an Authorize.net signature key; testdata/webhook_authcapture.sig
// is the body's signature under it.
const testSignatureKey = "8F4C2A91D37B6E05C1A8F2D94E7B3C60A5D1E8F7B2C49306D8E1F5A7C3B9E2D4F60A1B8C7D3E5F92A4B6C8D0E2F4A6B8C0D2E4F6A8B0C2D4E6F8A0B2C4D6E8F0"

// gateway answers every request.api call with one recorded response and keeps the request.
type gateway struct {
	t        *testing.T
	status   int
	response []byte
	requests [][]byte
}

func newGateway(t *testing.T, file string) (*gateway, *authnet.Client) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", file))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")), "recorded responses start with a byte-order mark, as Authorize.net's do")
	g := &gateway{t: t, status: http.StatusOK, response: body}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	c, err := authnet.New(authnet.Config{
		APIURL: srv.URL + "/xml/v1/request.api", FormURL: "https://test.authorize.net/payment/payment",
		LoginID: "5KP3u95bQpv", TransactionKey: "346HZ32z3fP4hTG2", SignatureKey: testSignatureKey,
	}, srv.Client())
	require.NoError(t, err)
	return g, c
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	require.Equal(g.t, http.MethodPost, r.Method)
	require.Equal(g.t, "/xml/v1/request.api", r.URL.Path)
	require.Equal(g.t, "application/json", r.Header.Get("Content-Type"))
	body, err := io.ReadAll(r.Body)
	require.NoError(g.t, err)
	g.requests = append(g.requests, body)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(g.status)
	_, _ = w.Write(g.response)
}

func (g *gateway) lastRequest(t *testing.T) map[string]any {
	t.Helper()
	require.NotEmpty(t, g.requests)
	var req map[string]any
	require.NoError(t, json.Unmarshal(g.requests[len(g.requests)-1], &req))
	return req
}

func quotePage() authnet.PageRequest {
	return authnet.PageRequest{
		Amount: money.USD(28900), InvoiceNumber: "Q-20261120-0042", Description: "Repair quote for RT10000002",
		ReturnURL: "https://service.example.com/authnet-response", CancelURL: "https://service.example.com/service-quote-cancel",
		ButtonText: "Pay now", MerchantName: "Rugged Devices Service",
	}
}

func TestHostedPaymentPage_SendsTheQuoteAndReturnsTheToken(t *testing.T) {
	g, c := newGateway(t, "hosted_page_ok.json")
	page, err := c.HostedPaymentPage(context.Background(), quotePage())
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(page.Token, "FCfc6VbKGFztf8g4sI0B1bG35quHGMqMdKyp"))
	require.Equal(t, "https://test.authorize.net/payment/payment", page.FormURL)

	req := g.lastRequest(t)["getHostedPaymentPageRequest"].(map[string]any)
	require.Equal(t, map[string]any{"name": "5KP3u95bQpv", "transactionKey": "346HZ32z3fP4hTG2"}, req["merchantAuthentication"])
	tr := req["transactionRequest"].(map[string]any)
	require.Equal(t, "authCaptureTransaction", tr["transactionType"])
	require.Equal(t, "289.00", tr["amount"], "the amount is a decimal string made from integer cents")
	require.Equal(t, map[string]any{"invoiceNumber": "Q-20261120-0042", "description": "Repair quote for RT10000002"}, tr["order"])

	settings := map[string]map[string]any{}
	for _, s := range req["hostedPaymentSettings"].(map[string]any)["setting"].([]any) {
		s := s.(map[string]any)
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(s["settingValue"].(string)), &v), "a setting's value is JSON in a string")
		settings[s["settingName"].(string)] = v
	}
	require.Equal(t, map[string]any{
		"showReceipt": false,
		"url":         "https://service.example.com/authnet-response", "urlText": "Continue",
		"cancelUrl": "https://service.example.com/service-quote-cancel", "cancelUrlText": "Cancel",
	}, settings["hostedPaymentReturnOptions"])
	require.Equal(t, map[string]any{"text": "Pay now"}, settings["hostedPaymentButtonOptions"])
	require.Equal(t, map[string]any{"show": true, "merchantName": "Rugged Devices Service"}, settings["hostedPaymentOrderOptions"])
	require.Equal(t, map[string]any{"cardCodeRequired": true, "showCreditCard": true, "showBankAccount": false}, settings["hostedPaymentPaymentOptions"])
}

// request.api checks JSON against its XML schema, where the order of elements matters.
func TestHostedPaymentPage_SendsElementsInSchemaOrder(t *testing.T) {
	g, c := newGateway(t, "hosted_page_ok.json")
	_, err := c.HostedPaymentPage(context.Background(), quotePage())
	require.NoError(t, err)
	raw := string(g.requests[0])
	inOrder := func(names ...string) {
		t.Helper()
		last := -1
		for _, n := range names {
			i := strings.Index(raw, `"`+n+`"`)
			require.Greater(t, i, last, "%s comes after the elements before it", n)
			last = i
		}
	}
	inOrder("merchantAuthentication", "transactionRequest", "hostedPaymentSettings")
	inOrder("name", "transactionKey")
	inOrder("transactionType", "amount", "order")
	inOrder("invoiceNumber", "description")
}

func TestHostedPaymentPage_RefusesBadRequestsWithoutACall(t *testing.T) {
	for name, edit := range map[string]func(*authnet.PageRequest){
		"zero amount":           func(p *authnet.PageRequest) { p.Amount = money.USD(0) },
		"euros":                 func(p *authnet.PageRequest) { p.Amount = money.Money{Cents: 100, Currency: "EUR"} },
		"no invoice number":     func(p *authnet.PageRequest) { p.InvoiceNumber = "" },
		"invoice number of 21":  func(p *authnet.PageRequest) { p.InvoiceNumber = strings.Repeat("Q", 21) },
		"relative return URL":   func(p *authnet.PageRequest) { p.ReturnURL = "/authnet-response" },
		"no cancel URL":         func(p *authnet.PageRequest) { p.CancelURL = "" },
		"javascript return URL": func(p *authnet.PageRequest) { p.ReturnURL = "javascript:alert(1)" },
	} {
		t.Run(name, func(t *testing.T) {
			g, c := newGateway(t, "hosted_page_ok.json")
			p := quotePage()
			edit(&p)
			_, err := c.HostedPaymentPage(context.Background(), p)
			require.Error(t, err)
			require.True(t, errorsIsAny(err, authnet.ErrAmount, authnet.ErrInvalidRequest))
			require.Empty(t, g.requests)
		})
	}
}

func TestHostedPaymentPage_InvoiceNumberOfTwentyIsAccepted(t *testing.T) {
	g, c := newGateway(t, "hosted_page_ok.json")
	p := quotePage()
	p.InvoiceNumber = strings.Repeat("Q", authnet.MaxInvoiceNumber)
	_, err := c.HostedPaymentPage(context.Background(), p)
	require.NoError(t, err)
	require.Len(t, g.requests, 1)
}

func TestCalls_MapRecordedErrorsToSentinels(t *testing.T) {
	for _, tc := range []struct {
		file string
		want error
		code string
	}{
		{"error_E00007.json", authnet.ErrAuthentication, "E00007"},
		{"error_E00040.json", payments.ErrNotFound, "E00040"},
		{"error_E00003.json", authnet.ErrInvalidRequest, "E00003"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			_, c := newGateway(t, tc.file)
			_, err := c.HostedPaymentPage(context.Background(), quotePage())
			require.ErrorIs(t, err, tc.want)
			_, err = c.TransactionDetails(context.Background(), "60123456789")
			require.ErrorIs(t, err, tc.want)
			var apiErr *authnet.APIError
			require.ErrorAs(t, err, &apiErr)
			require.Equal(t, tc.code, apiErr.Code)
		})
	}
}

func TestCalls_ServerErrorsAndGarbageAreUnavailable(t *testing.T) {
	g, c := newGateway(t, "hosted_page_ok.json")
	g.status = http.StatusServiceUnavailable
	_, err := c.HostedPaymentPage(context.Background(), quotePage())
	require.ErrorIs(t, err, payments.ErrProviderUnavailable)

	g.status, g.response = http.StatusOK, []byte("<html>maintenance</html>")
	_, err = c.TransactionDetails(context.Background(), "60123456789")
	require.ErrorIs(t, err, payments.ErrProviderUnavailable)
}

func TestTransactionDetails_ReadsTheRecordedTransaction(t *testing.T) {
	g, c := newGateway(t, "transaction_settled.json")
	tx, err := c.TransactionDetails(context.Background(), "60123456789")
	require.NoError(t, err)
	require.Equal(t, authnet.Transaction{
		ID: "60123456789", Type: "authCaptureTransaction", Status: authnet.StatusSettledSuccessfully,
		ResponseCode: 1, ReasonCode: 1, ReasonText: "Approval", AuthCode: "3H1YMG",
		InvoiceNumber: "Q-20261120-0042", AuthAmount: money.USD(28900), SettleAmount: money.USD(28900),
		CardType: "Visa", CardNumber: "XXXX1111",
	}, tx)
	req := g.lastRequest(t)["getTransactionDetailsRequest"].(map[string]any)
	require.Equal(t, "60123456789", req["transId"])
	require.Contains(t, req, "merchantAuthentication")
}

func TestTransactionDetails_RefusesIDsThatAreNotTransactionIDs(t *testing.T) {
	for _, id := range []string{"", "abc", "60123456789 ", "-1", strings.Repeat("9", 21), `1","x":"`} {
		g, c := newGateway(t, "transaction_settled.json")
		_, err := c.TransactionDetails(context.Background(), id)
		require.ErrorIs(t, err, authnet.ErrInvalidRequest, "id %q", id)
		require.Empty(t, g.requests)
	}
}

func TestTransactionDetails_AnswerForAnotherTransactionIsRefused(t *testing.T) {
	_, c := newGateway(t, "transaction_settled.json")
	_, err := c.TransactionDetails(context.Background(), "60123456790")
	require.ErrorIs(t, err, payments.ErrProviderUnavailable)
}

func TestConfirmPayment_AgainstRecordedTransactions(t *testing.T) {
	quote := authnet.Expected{Amount: money.USD(28900), InvoiceNumber: "Q-20261120-0042"}
	for _, tc := range []struct {
		name string
		file string
		want authnet.Expected
		err  error
	}{
		{"settled", "transaction_settled.json", quote, nil},
		{"captured, pending settlement", "transaction_captured.json", quote, nil},
		{"declined", "transaction_declined.json", quote, payments.ErrDeclined},
		{"voided", "transaction_voided.json", quote, authnet.ErrNotCaptured},
		{"held for review", "transaction_review.json", quote, payments.ErrPending},
		{"a cent more expected", "transaction_settled.json", authnet.Expected{Amount: money.USD(28901), InvoiceNumber: quote.InvoiceNumber}, payments.ErrAmountMismatch},
		{"another currency expected", "transaction_settled.json", authnet.Expected{Amount: money.Money{Cents: 28900, Currency: "CAD"}, InvoiceNumber: quote.InvoiceNumber}, payments.ErrAmountMismatch},
		{"another quote", "transaction_settled.json", authnet.Expected{Amount: quote.Amount, InvoiceNumber: "Q-20261120-0043"}, authnet.ErrInvoiceMismatch},
		{"another quote, declined", "transaction_declined.json", authnet.Expected{Amount: quote.Amount, InvoiceNumber: "Q-20261120-0043"}, authnet.ErrInvoiceMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, c := newGateway(t, tc.file)
			tx, err := c.ConfirmPayment(context.Background(), "60123456789", tc.want)
			if tc.err == nil {
				require.NoError(t, err)
				require.Equal(t, tc.want.Amount, tx.SettleAmount)
				return
			}
			require.ErrorIs(t, err, tc.err)
			require.Equal(t, "60123456789", tx.ID, "a refusal still says which transaction it looked at")
		})
	}
}

func TestVerifyWebhook_AcceptsTheRecordedNotification(t *testing.T) {
	_, c := newGateway(t, "hosted_page_ok.json")
	body, sig := recordedWebhook(t)
	n, err := c.VerifyWebhook(sig, body)
	require.NoError(t, err)
	require.Equal(t, authnet.Notification{
		NotificationID: "d0e8e7fe-c3e7-4add-a480-27bc5ce28a18",
		EventType:      authnet.EventAuthCaptureCreated,
		EventDate:      "2026-11-20T14:03:52.0080095Z",
		WebhookID:      "63d6fea2-aa13-4b1d-a204-f5fbc15942b7",
		Payload: authnet.NotificationPayload{
			EntityName: "transaction", ID: "60123456789", ResponseCode: 1, AuthCode: "3H1YMG",
			AVSResponse: "Y", AuthAmount: money.USD(28900), InvoiceNumber: "Q-20261120-0042",
		},
	}, n)

	_, err = c.VerifyWebhook(strings.ToLower(sig), body)
	require.NoError(t, err, "hex digits compare in either case")
	_, err = c.VerifyWebhook("SHA512="+strings.TrimPrefix(sig, "sha512="), body)
	require.NoError(t, err)
}

func TestVerifyWebhook_RefusesWhatTheKeyDidNotSign(t *testing.T) {
	_, c := newGateway(t, "hosted_page_ok.json")
	body, sig := recordedWebhook(t)
	edited := bytes.Replace(body, []byte(`"authAmount":289.00`), []byte(`"authAmount":2890.00`), 1)
	require.NotEqual(t, body, edited)
	for name, tc := range map[string]struct {
		sig  string
		body []byte
	}{
		"edited body, original signature":  {sig, edited},
		"reformatted body":                 {sig, append(body, '\n')},
		"missing header":                   {"", body},
		"no algorithm":                     {strings.TrimPrefix(sig, "sha512="), body},
		"another algorithm":                {"sha256=" + strings.TrimPrefix(sig, "sha512="), body},
		"truncated digest":                 {sig[:len(sig)-2], body},
		"not hex":                          {"sha512=" + strings.Repeat("Z", 128), body},
		"signed with another key":          {signWith("another key", body), body},
		"signed with the transaction key":  {signWith("346HZ32z3fP4hTG2", body), body},
		"empty body with its own key hash": {signWith(testSignatureKey, nil), body},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := c.VerifyWebhook(tc.sig, tc.body)
			require.ErrorIs(t, err, payments.ErrWebhookUnverified)
		})
	}
}

func recordedWebhook(t *testing.T) ([]byte, string) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", "webhook_authcapture.json"))
	require.NoError(t, err)
	sig, err := os.ReadFile(filepath.Join("testdata", "webhook_authcapture.sig"))
	require.NoError(t, err)
	return body, strings.TrimSpace(string(sig))
}

func errorsIsAny(err error, targets ...error) bool {
	for _, target := range targets {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// signWith signs body as Authorize.net does, through the sandbox's own implementation.
func signWith(key string, body []byte) string { return authnetsandbox.Sign(key, body) }
