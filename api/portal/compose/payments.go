package compose

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/authnetsandbox"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/payments/paypalsandbox"
	"rugged.example/portal/api/pkg/config"
)

// cardProviders are the clients of the card providers and, for a provider without real
// credentials, the sandbox that stands in for it (ARCHITECTURE §5).
type cardProviders struct {
	PayPal  *paypal.Client
	AuthNet *authnet.Client
	// PayPalSandbox and AuthNetSandbox are nil for a provider with real credentials: then its
	// sandbox is never mounted.
	PayPalSandbox  *paypalsandbox.Sandbox
	AuthNetSandbox *authnetsandbox.Sandbox
}

// CardProviders builds the provider clients. A provider none of whose variables is set gets a
// sandbox under PORTAL_PUBLIC_URL/sandbox/<provider>, with credentials derived from the portal's
// secret key (so every process sharing the key agrees on them), and its client points there.
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
			BaseURL: pp.BaseURL, ClientID: pp.ClientID, ClientSecret: pp.ClientSecret, WebhookID: pp.WebhookID, Logger: c.log,
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
			LoginID: an.LoginID.Reveal(), TransactionKey: an.TransactionKey.Reveal(), SignatureKey: an.SignatureKey.Reveal(), Logger: c.log,
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
