package compose

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// TestCardProviders_WithoutCredentialsTheClientsTalkToTheMountedSandboxes serves the payments
// routes at a public URL and checks that the clients built without any PAYPAL_* or AUTHNET_*
// variable reach the sandboxes there, with the generated credentials.
func TestCardProviders_WithoutCredentialsTheClientsTalkToTheMountedSandboxes(t *testing.T) {
	engine := gin.New()
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	caps := &capabilities{cfg: Config{PublicURL: srv.URL, DataDir: t.TempDir()}, log: testkit.Quiet()}
	cards, err := caps.CardProviders()
	require.NoError(t, err)
	require.NotNil(t, cards.PayPalSandbox)
	require.NotNil(t, cards.AuthNetSandbox)
	t.Cleanup(cards.AuthNetSandbox.Close)
	paymentsapi.Routes(engine, testGuard(t), paymentsapi.Deps{PayPalSandbox: cards.PayPalSandbox, AuthNetSandbox: cards.AuthNetSandbox}, testkit.Quiet())

	amount := money.Money{Cents: 289_00, Currency: "USD"}
	order, err := cards.PayPal.CreateOrder(t.Context(), paypal.OrderRequest{
		QuoteID: "Q-1", Amount: amount, ReturnURL: srv.URL + "/back", CancelURL: srv.URL + "/cancel",
	})
	require.NoError(t, err)
	require.Equal(t, amount, order.Amount)
	require.Contains(t, order.PaymentURL, srv.URL+"/sandbox/paypal/checkoutnow?token=")

	page, err := cards.AuthNet.HostedPaymentPage(t.Context(), authnet.PageRequest{
		Amount: amount, InvoiceNumber: "Q-1", ReturnURL: srv.URL + "/back", CancelURL: srv.URL + "/cancel",
	})
	require.NoError(t, err)
	require.NotEmpty(t, page.Token)
	require.Equal(t, srv.URL+"/sandbox/authnet/payment/payment", cards.AuthNet.FormURL())

	again, err := (&capabilities{cfg: Config{PublicURL: srv.URL, DataDir: caps.cfg.DataDir}, log: testkit.Quiet()}).CardProviders()
	require.NoError(t, err)
	t.Cleanup(again.AuthNetSandbox.Close)
	_, err = again.PayPal.CreateOrder(t.Context(), paypal.OrderRequest{
		QuoteID: "Q-2", Amount: amount, ReturnURL: srv.URL + "/back", CancelURL: srv.URL + "/cancel",
	})
	require.NoError(t, err, "another process with the same secret key derives the same credentials")
}

func TestCardProviders_RealCredentialsMountNoSandbox(t *testing.T) {
	caps := &capabilities{cfg: Config{
		PublicURL: "http://127.0.0.1:1", DataDir: t.TempDir(),
		PayPal: paypal.Config{BaseURL: "https://api-m.sandbox.paypal.com", ClientID: "app", ClientSecret: "s3cret", WebhookID: "WH-1"},
		AuthNet: authnet.Config{
			APIURL: "https://apitest.authorize.net/xml/v1/request.api", FormURL: "https://test.authorize.net/payment/payment",
			LoginID: "login", TransactionKey: "key", SignatureKey: "sig",
		},
	}, log: testkit.Quiet()}
	cards, err := caps.CardProviders()
	require.NoError(t, err)
	require.Nil(t, cards.PayPalSandbox)
	require.Nil(t, cards.AuthNetSandbox)
	require.Equal(t, "https://test.authorize.net/payment/payment", cards.AuthNet.FormURL())

	engine := gin.New()
	paymentsapi.Routes(engine, testGuard(t), paymentsapi.Deps{}, testkit.Quiet())
	w := httptest.NewRecorder()
	engine.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/sandbox/paypal/v1/oauth2/token", nil))
	require.Equal(t, http.StatusNotFound, w.Code)
}

func TestCardProviders_SomeVariablesOfAProviderStopTheStart(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		wantErr string
	}{
		{name: "paypal id without secret", cfg: Config{PayPal: paypal.Config{BaseURL: "https://api-m.paypal.com", ClientID: "app"}},
			wantErr: "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are required"},
		{name: "paypal base alone", cfg: Config{PayPal: paypal.Config{BaseURL: "https://api-m.paypal.com"}},
			wantErr: "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are required"},
		{name: "authnet signature key alone", cfg: Config{AuthNet: authnet.Config{SignatureKey: "sig"}},
			wantErr: "AUTHNET_API_URL"},
		{name: "authnet without signature key", cfg: Config{AuthNet: authnet.Config{
			APIURL: "https://api.authorize.net/xml/v1/request.api", FormURL: "https://accept.authorize.net/payment/payment",
			LoginID: "login", TransactionKey: "key",
		}}, wantErr: "AUTHNET_SIGNATURE_KEY is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.PublicURL, tt.cfg.DataDir = "http://127.0.0.1:1", t.TempDir()
			cards, err := (&capabilities{cfg: tt.cfg, log: testkit.Quiet()}).CardProviders()
			if cards != nil && cards.AuthNetSandbox != nil {
				cards.AuthNetSandbox.Close()
			}
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

func testGuard(t *testing.T) *auth.Guard {
	return auth.NewGuard(authtest.NewSigner(t).Verifier(), testkit.Quiet())
}
