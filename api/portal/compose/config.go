// Package compose is the composition root of the all-in-one binary: it reads the configuration,
// opens the database and cache, and mounts every domain, the identity provider and the web shell
// on one Gin engine.
package compose

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/config"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/support/support"
)

// Config is the portal binary's whole configuration; README.md documents each variable.
type Config struct {
	// Services are the domains this process mounts: every one by default, one per process in
	// production (`portal serve --services=…`).
	Services Services

	Addr string `env:"PORTAL_ADDR" envDefault:"127.0.0.1:8080"`
	// AdminAddr serves /metrics, apart from the public port and never routed by the ingress.
	AdminAddr string `env:"PORTAL_ADMIN_ADDR" envDefault:"127.0.0.1:9464"`
	// PublicURL is where browsers reach the portal; it defaults to http://PORTAL_ADDR.
	PublicURL string `env:"PORTAL_PUBLIC_URL"`
	DataDir   string `env:"PORTAL_DATA_DIR" envDefault:"./var"`
	// WebDir holds host/dist and apps/<remote>/dist.
	WebDir string `env:"PORTAL_WEB_DIR" envDefault:"."`
	// RemoteURLs overrides a remote's manifest URL: "repair=https://cdn.example/repair/mf-manifest.json,…".
	RemoteURLs map[string]string `env:"PORTAL_REMOTE_URLS" envSeparator:"," envKeyValSeparator:"="`
	// RemotesFile is a JSON file, {"remotes": {"repair": "<manifest URL>"}}, overriding
	// RemoteURLs, that the web process reads again whenever it changes: a release moves one
	// remote by rewriting it (a mounted ConfigMap), without restarting anything.
	RemotesFile string `env:"PORTAL_REMOTES_FILE"`
	LogLevel    string `env:"LOG_LEVEL" envDefault:"info"`

	DatabaseURL config.Secret `env:"DATABASE_URL"`
	// BlobURL selects an S3-compatible bucket (s3://bucket?region=…&endpoint=…); empty keeps
	// files in PORTAL_DATA_DIR/blobs.
	BlobURL config.Secret `env:"BLOB_URL"`
	// SecretKey (base64, 32 bytes) seals device credentials; empty keeps a key file in the data dir.
	SecretKey config.Secret `env:"PORTAL_SECRET_KEY"`
	// TrustedProxies are the addresses of the ingress whose X-Forwarded-For the portal believes.
	TrustedProxies []string `env:"PORTAL_TRUSTED_PROXIES" envSeparator:","`

	// Support configures the support inbox and the contact form's rate limit (SUPPORT_*).
	Support support.Settings

	// SignIn limits failed sign-ins at the embedded provider, per e-mail and per client address
	// (IDP_SIGNIN_*).
	SignIn identity.SignInLimits

	// Shipping names the carrier and the depot every return ships to (SHIPPING_*).
	Shipping shipping.Settings

	// Promise is the depot's calendar and turnaround for promised ship-back dates (DEPOT_*).
	Promise promise.Settings

	// POReleaseDomains are the e-mail domains (and their subdomains) whose purchase orders
	// carry a release number of 4 or 5 digits (spec §5 "PO payment").
	POReleaseDomains []string `env:"PO_RELEASE_DOMAINS" envSeparator:"," envDefault:"fleetco.example"`

	// PartsOrders are the parts orders' limits (PARTS_ORDER_MAX_TOTAL).
	PartsOrders parts.OrderLimits

	// PaymentAbandonAfter is how long an RMA or parts order may await its card payment after its
	// customer last started paying it before it is cancelled by itself, freeing its unit.
	PaymentAbandonAfter time.Duration `env:"PAYMENT_ABANDON_AFTER" envDefault:"24h"`

	// ReturnUnrepairedFee is what returning a unit unrepaired costs, in US dollars ("45.00"): the
	// price of a revised quote's second choice (REPAIR_RETURN_UNREPAIRED_FEE).
	ReturnUnrepairedFee string `env:"REPAIR_RETURN_UNREPAIRED_FEE" envDefault:"45.00"`

	// PayPal and AuthNet are the card providers (PAYPAL_*, AUTHNET_*). Without credentials the
	// payments process serves a sandbox of each under /sandbox and the clients talk to it.
	PayPal  paypal.Config
	AuthNet authnet.Config

	// SMTP delivers the mail outbox; without SMTP_HOST mail stays in the outbox table.
	SMTPHost       string        `env:"SMTP_HOST"`
	SMTPPort       int           `env:"SMTP_PORT" envDefault:"587"`
	SMTPUsername   string        `env:"SMTP_USERNAME"`
	SMTPPassword   config.Secret `env:"SMTP_PASSWORD"`
	SMTPFrom       string        `env:"SMTP_FROM" envDefault:"Rugged Devices Service <no-reply@rugged.example>"`
	SMTPTLS        string        `env:"SMTP_TLS" envDefault:"mandatory"`
	SMTPHELO       string        `env:"SMTP_HELO"`
	RedisURL       config.Secret `env:"REDIS_URL"`
	RedisKeyPrefix string        `env:"REDIS_KEY_PREFIX" envDefault:"portal:"`

	// OIDCIssuer selects an external provider; empty runs the embedded one under /idp.
	OIDCIssuer     string `env:"OIDC_ISSUER"`
	OIDCClientID   string `env:"OIDC_CLIENT_ID" envDefault:"service-portal"`
	OIDCAudience   string `env:"OIDC_AUDIENCE"`
	OIDCRolesClaim string `env:"OIDC_ROLES_CLAIM" envDefault:"roles"`
	OIDCScope      string `env:"OIDC_SCOPE" envDefault:"openid profile email roles address phone organization offline_access"`

	// OIDCOrgClaim and OIDCDiscountClaim are dot paths of the organization name and the flat
	// discount in an external provider's tokens or userinfo.
	OIDCOrgClaim      string `env:"OIDC_ORG_CLAIM" envDefault:"org.name"`
	OIDCDiscountClaim string `env:"OIDC_DISCOUNT_CLAIM" envDefault:"flags.rma.flatDiscountPercentage"`
}

// LoadConfig reads the environment and fills the derived defaults.
func LoadConfig() (Config, error) {
	cfg, err := config.Load[Config]()
	if err != nil {
		return cfg, err
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://" + cfg.Addr
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	if cfg.Services == nil {
		cfg.Services, _ = ParseServices(AllServices)
	}
	// A calendar that does not parse would promise wrong dates: refuse to start instead.
	if _, err := cfg.Promise.Policy(); err != nil {
		return cfg, fmt.Errorf("compose: %w", err)
	}
	// A fee that does not parse would be quoted as nothing: refuse to start instead.
	if _, err := parseFee(cfg.ReturnUnrepairedFee); err != nil {
		return cfg, fmt.Errorf("compose: REPAIR_RETURN_UNREPAIRED_FEE: %w", err)
	}
	if cfg.OIDCAudience == "" {
		cfg.OIDCAudience = cfg.OIDCClientID
	}
	// The browser renews sessions with the refresh token that offline_access brings. Without it
	// the sign-in library falls back to a hidden iframe, which the pages' CSP (frame-src 'none')
	// blocks, so every customer would be signed out when their first token expires.
	if !slices.Contains(strings.Fields(cfg.OIDCScope), "offline_access") {
		return cfg, fmt.Errorf("compose: OIDC_SCOPE %q lacks offline_access, which the browser's session renewal needs", cfg.OIDCScope)
	}
	return cfg, nil
}

// defaultReturnFee is REPAIR_RETURN_UNREPAIRED_FEE's default.
var defaultReturnFee = money.USD(45_00)

// parseFee reads a fee in US dollars: two decimals at most, not negative.
func parseFee(raw string) (money.Money, error) {
	m, err := money.ParseDecimal(strings.TrimSpace(raw), money.USDCode)
	if err != nil {
		return money.Money{}, err
	}
	if m.Cents < 0 {
		return money.Money{}, fmt.Errorf("a fee of %s is negative", raw)
	}
	return m, nil
}

// ReturnFee is the fee of a unit returned unrepaired. LoadConfig refused one that does not parse,
// so an error here is a Config built in code: it gets the default.
func (c Config) ReturnFee() money.Money {
	if c.ReturnUnrepairedFee == "" {
		return defaultReturnFee
	}
	m, err := parseFee(c.ReturnUnrepairedFee)
	if err != nil {
		return defaultReturnFee
	}
	return m
}

// SMTP is the mail sender's configuration.
func (c Config) SMTP() mail.SMTPConfig {
	return mail.SMTPConfig{
		Host: c.SMTPHost, Port: c.SMTPPort, Username: c.SMTPUsername, Password: c.SMTPPassword,
		From: c.SMTPFrom, TLS: mail.TLSPolicy(c.SMTPTLS), HELO: c.SMTPHELO,
	}
}

// ServiceName names the process in traces unless OTEL_SERVICE_NAME does: "portal" for the
// all-in-one process, "portal-repair" (or "portal-geo-shipping") for one serving some domains.
func (c Config) ServiceName() string {
	if c.Services.All() {
		return "portal"
	}
	return "portal-" + strings.Join(c.Services, "-")
}

// EmbeddedIdentity reports whether the portal runs its own development provider.
func (c Config) EmbeddedIdentity() bool { return c.OIDCIssuer == "" }

// Issuer is the issuer URL tokens must carry.
func (c Config) Issuer() string {
	if c.EmbeddedIdentity() {
		return c.PublicURL + "/idp"
	}
	return c.OIDCIssuer
}
