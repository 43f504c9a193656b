package compose

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/authnetsandbox"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/payments/paypalsandbox"
	"rugged.example/portal/api/pkg/config"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// Quotes is the payments capability's quote service: service quotes staff issue for RMAs of the
// rma module, mailed through the outbox.
func (c *capabilities) Quotes() *payments.Quotes {
	if c.quotes == nil {
		c.quotes = newQuotes(c.cfg, c.gdb, c.Units(), c.Lifecycle(), c.log)
	}
	return c.quotes
}

// Checkout is the payments capability's checkout on the card providers (or their sandboxes), the
// quote store and the outbox: the repair service pays out-of-warranty RMAs through it, and the
// payments process serves the pay-quote pages and webhooks with it. Quotes those pay are handed
// to the rma capability (RMAFulfiller, compose/repair.go), so a payments process releases an RMA
// whose webhook it handles.
func (c *capabilities) Checkout() (*payments.Checkout, error) {
	cards, err := c.CardProviders()
	if err != nil {
		return nil, err
	}
	if cards.checkout == nil {
		rmas, err := c.RMAFulfiller()
		if err != nil {
			return nil, err
		}
		// A paid parts quote places its order, a paid batch quote moves its batch on
		// (compose/partsorders.go).
		fulfiller := quoteFulfiller{rmas: rmas, orders: c.PartsOrders, batches: c.BatchPaid}
		store := paymentsdb.NewStore(c.gdb)
		cards.checkout = payments.NewCheckout(payments.CheckoutDeps{
			Store: store, Tx: db.NewTransactor(c.gdb), Mail: mail.NewOutbox(c.gdb),
			PayPal: paypal.NewGateway(cards.PayPal), AuthNet: authnet.NewGateway(cards.AuthNet),
			Fulfiller: fulfiller, PublicURL: c.cfg.PublicURL, Refunds: c.refundCounter, Log: c.log,
		})
	}
	return cards.checkout, nil
}

// refundRetryInterval is how often the payments process looks for refunds due again.
const refundRetryInterval = time.Minute

// retryRefunds adds the refund retrier to the process's background jobs: a refund a provider
// could not take at once is asked again, a minute after the first failure and then up to an
// hour apart, until it goes through. Several processes may run it: each claim hides a refund
// from the others while its provider is asked.
func (app *App) retryRefunds(checkout *payments.Checkout) {
	app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) {
		checkout.RunRefundRetries(ctx, refundRetryInterval)
	})
}

// QuoteService is the quote service on gdb, for commands (`portal quote issue`) that work
// without a serving process; close releases the cache its lifecycle opened.
func QuoteService(ctx context.Context, cfg Config, gdb *gorm.DB, log *slog.Logger) (q *payments.Quotes, close func() error, err error) {
	lifecycle, close, err := LifecycleService(ctx, cfg, gdb, log)
	if err != nil {
		return nil, nil, err
	}
	return newQuotes(cfg, gdb, rmadb.NewStore(gdb), lifecycle, log), close, nil
}

func newQuotes(cfg Config, gdb *gorm.DB, units *rmadb.Store, lifecycle *rma.Lifecycle, log *slog.Logger) *payments.Quotes {
	return payments.NewQuotes(payments.QuotesDeps{
		Store: paymentsdb.NewStore(gdb), Tx: db.NewTransactor(gdb), RMAs: staffRMAs{units}, Issued: pendingQuotes{lifecycle},
		Mail: mail.NewOutbox(gdb), PublicURL: cfg.PublicURL, Log: log,
	})
}

// pendingQuotes moves a diagnosed RMA to its pending quote when staff issue its service quote,
// in the quote's transaction.
type pendingQuotes struct{ lifecycle *rma.Lifecycle }

func (p pendingQuotes) ServiceQuoteIssued(ctx context.Context, q payments.Quote) error {
	return p.lifecycle.ServiceQuoteIssued(ctx, q.RMANumber, q.IssuedBy, fmt.Sprintf("Service quote %s issued: %s", q.ID, q.Amount))
}

// staffRMAs gives the payments module the RMA a service quote prices, whoever owns it.
type staffRMAs struct{ store *rmadb.Store }

func (s staffRMAs) ServiceRMA(ctx context.Context, number string) (payments.ServiceRMA, error) {
	r, err := s.store.RMAForStaff(ctx, number)
	if errors.Is(err, rma.ErrRMANotFound) {
		return payments.ServiceRMA{}, payments.ErrRMANotFound
	}
	if err != nil {
		return payments.ServiceRMA{}, err
	}
	return toServiceRMA(r), nil
}

func toServiceRMA(r rma.RMA) payments.ServiceRMA {
	a, c := r.Address, r.Contact
	return payments.ServiceRMA{
		Number: r.Number, Owner: r.Owner, Org: r.Org, Serial: r.Serial,
		Address: payments.QuoteAddress{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode},
		Contact: payments.QuoteContact{
			FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.Email, PhoneNumber: c.Phone,
			PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.Company,
		},
	}
}

// cardProviders are the clients of the card providers and, for a provider without real
// credentials, the sandbox that stands in for it (ARCHITECTURE §5).
type cardProviders struct {
	PayPal  *paypal.Client
	AuthNet *authnet.Client
	// PayPalSandbox and AuthNetSandbox are nil for a provider with real credentials: then its
	// sandbox is never mounted.
	PayPalSandbox  *paypalsandbox.Sandbox
	AuthNetSandbox *authnetsandbox.Sandbox
	// checkout is the one checkout on these providers, built on first use (Checkout).
	checkout *payments.Checkout
}

// Webhooks are the clients as the verifiers of the deliveries to the portal's webhook endpoints.
func (p *cardProviders) Webhooks() paymentsapi.Webhooks {
	return paymentsapi.Webhooks{PayPal: paypal.NewWebhookVerifier(p.PayPal), AuthNet: authnet.NewWebhookVerifier(p.AuthNet)}
}

// CardProviders builds the provider clients. A provider none of whose variables is set gets a
// sandbox under PORTAL_PUBLIC_URL/sandbox/<provider>, with credentials derived from the portal's
// secret key (so every process sharing the key agrees on them), and its client points there; the
// sandbox delivers its webhooks to the portal's webhook endpoints under PORTAL_PUBLIC_URL, as the
// provider would once the merchant registered them.
// Setting any of a provider's variables means the real provider: the client then needs all of
// them, and a missing one stops the start rather than falling back to the sandbox.
func (c *capabilities) CardProviders() (*cardProviders, error) {
	if c.cards != nil {
		return c.cards, nil
	}
	secrets, err := openSecrets(c.cfg)
	if err != nil {
		return nil, err
	}
	derive := func(purpose string) []byte { return secrets.Derive("payments sandbox " + purpose) }
	cards := &cardProviders{}

	pp := c.cfg.PayPal
	if pp == (paypal.Config{}) {
		pp = paypal.Config{
			BaseURL:      c.cfg.PublicURL + paymentsapi.PayPalSandboxPath,
			ClientID:     "sandbox-" + hex.EncodeToString(derive("paypal client id")[:12]),
			ClientSecret: config.Secret(base64.RawURLEncoding.EncodeToString(derive("paypal client secret"))),
			WebhookID:    "WH-SANDBOX-" + hex.EncodeToString(derive("paypal webhook id")[:8]),
		}
		cards.PayPalSandbox, err = paypalsandbox.New(paypalsandbox.Config{
			BaseURL: pp.BaseURL, ClientID: pp.ClientID, ClientSecret: pp.ClientSecret, WebhookID: pp.WebhookID,
			WebhookURL: c.cfg.PublicURL + paymentsapi.PayPalWebhookPath, Logger: c.log,
		})
		if err != nil {
			return nil, fmt.Errorf("compose: paypal sandbox: %w", err)
		}
	}
	if cards.PayPal, err = paypal.New(pp, nil); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}

	an := c.cfg.AuthNet
	if an == (authnet.Config{}) {
		base := c.cfg.PublicURL + paymentsapi.AuthNetSandboxPath
		an = authnet.Config{
			APIURL:         base + "/xml/v1/request.api",
			FormURL:        base + "/payment/payment",
			LoginID:        config.Secret(hex.EncodeToString(derive("authnet login id")[:10])),
			TransactionKey: config.Secret(hex.EncodeToString(derive("authnet transaction key")[:8])),
			SignatureKey:   config.Secret(hex.EncodeToString(derive("authnet signature key")) + hex.EncodeToString(derive("authnet signature key 2"))),
		}
		cards.AuthNetSandbox, err = authnetsandbox.New(authnetsandbox.Config{
			LoginID: an.LoginID.Reveal(), TransactionKey: an.TransactionKey.Reveal(), SignatureKey: an.SignatureKey.Reveal(),
			WebhookURL: c.cfg.PublicURL + paymentsapi.AuthNetWebhookPath, Logger: c.log,
		})
		if err != nil {
			return nil, fmt.Errorf("compose: authorize.net sandbox: %w", err)
		}
	}
	if cards.AuthNet, err = authnet.New(an, nil); err != nil {
		if cards.AuthNetSandbox != nil {
			cards.AuthNetSandbox.Close()
		}
		return nil, fmt.Errorf("compose: %w", err)
	}
	c.cards = cards
	return cards, nil
}
