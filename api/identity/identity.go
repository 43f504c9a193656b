// Package identity is the portal's embedded development OpenID provider: authorization
// code + PKCE for the public client "service-portal", refresh tokens with rotation, RS256
// JWT access tokens carrying the portal's roles, organization and flags, userinfo,
// end_session, and a server-rendered sign-in page. Its tables (prefix idp_) live in the
// shared gorm database; its signing key lives in DataDir.
//
// Production uses an external OpenID provider; this package exists for the all-in-one
// binary, for `portal dev-token`, and for tests.
package identity

import (
	"context"
	"crypto"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/rs/cors"
	"github.com/zitadel/oidc/v3/pkg/op"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/identity/identitylogin"
	"rugged.example/portal/api/identity/identitythrottle"
	"rugged.example/portal/api/pkg/db"
)

// Core types, re-exported from identitycore (which exists so that identitydb can convert
// to them without an import cycle).
type (
	User      = identitycore.User
	Profile   = identitycore.Profile
	Address   = identitycore.Address
	Addresses = identitycore.Addresses
	Org       = identitycore.Org
	Flags     = identitycore.Flags
	RMAFlags  = identitycore.RMAFlags
	// StoredProfile is the contact and address the portal keeps for a user (account settings).
	StoredProfile = identitycore.StoredProfile
)

// Sentinel errors.
var (
	// ErrUnknownUser: no user has this subject or e-mail.
	ErrUnknownUser = identitycore.ErrUnknownUser
	// ErrInvalidConfig: Config is missing something New needs.
	ErrInvalidConfig = errors.New("identity.invalidConfig")
)

// Scopes beyond the standard OpenID ones (spec §6).
const (
	ScopeRoles        = "roles"
	ScopeOrganization = "organization"
)

// SupportedScopes lists every scope the provider grants.
func SupportedScopes() []string {
	return []string{"openid", "profile", "email", ScopeRoles, "address", "phone", ScopeOrganization, "offline_access"}
}

const (
	// DefaultClientID is the portal's public client.
	DefaultClientID = "service-portal"
	// DefaultAccessTokenTTL applies when Config.AccessTokenTTL is zero.
	DefaultAccessTokenTTL = 15 * time.Minute
	// RefreshTokenTTL: a refresh token unused this long expires; each use rotates it and
	// starts a new period.
	RefreshTokenTTL = 7 * 24 * time.Hour
	// SessionTTL: how long the provider's browser session (cookie) skips the sign-in form.
	SessionTTL = 12 * time.Hour
	// SigningKeyFile is the name of the signing key inside Config.DataDir.
	SigningKeyFile = "idp-signing-key.pem"
	// SessionCookieName is the provider's browser session cookie.
	SessionCookieName = "idp_session"

	authRequestTTL = 30 * time.Minute
	authCodeTTL    = 5 * time.Minute
	purgeInterval  = 10 * time.Minute
)

// Config configures the provider.
type Config struct {
	Issuer   string // e.g. "http://127.0.0.1:8080/idp" (http allowed: dev provider)
	ClientID string // "service-portal"
	// RedirectOrigins: origins whose "/oidc-callback" and "/silent-renew" are valid redirect
	// URIs and whose "/" is a valid post-logout redirect URI, e.g. ["http://127.0.0.1:8080"].
	RedirectOrigins []string
	DataDir         string   // signing key kept in DataDir/idp-signing-key.pem (0600)
	DB              *gorm.DB // shared DB handle; identity owns its own tables (prefix idp_)
	Logger          *slog.Logger
	AccessTokenTTL  time.Duration // default 15m
	// SignIn limits failed sign-ins per e-mail and per client address (IDP_SIGNIN_*); zero:
	// identitythrottle.DefaultSettings.
	SignIn SignInLimits
	// Mail queues the lockout notice to an account's holder (the portal's outbox); nil: none.
	Mail Mailer
	// Metrics counts failed, refused and locked-out sign-ins; nil: not counted.
	Metrics SignInMetrics
	// Now is the provider's clock; nil: time.Now. Tests move it instead of waiting.
	Now func() time.Time
}

// Provider is the development OpenID provider.
type Provider struct {
	cfg     Config
	prefix  string // path of the issuer, e.g. "/idp"
	store   store
	key     *signingKey
	client  *portalClient
	storage *oidcStorage
	op      *op.Provider
	login   *identitylogin.Handler
	handler http.Handler
	logger  *slog.Logger

	throttle *identitythrottle.Throttle
	metrics  SignInMetrics

	now func() time.Time

	dummyOnce sync.Once
	dummyHash []byte

	purgeMu   sync.Mutex
	lastPurge time.Time
}

// New loads or creates the signing key and builds the HTTP handler. The identity tables come
// from identitydb's migrations and the demo users from SeedDemoUsers, both run before New.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	cfg, prefix, err := normalizeConfig(cfg)
	if err != nil {
		return nil, err
	}
	p := &Provider{
		cfg:     cfg,
		prefix:  prefix,
		store:   identitydb.NewStore(cfg.DB),
		logger:  cfg.Logger,
		now:     func() time.Time { return cfg.Now().UTC() },
		metrics: cfg.Metrics,
	}
	p.throttle, err = identitythrottle.New(p.store, db.NewTransactor(cfg.DB), cfg.SignIn, p.now)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidConfig, err)
	}
	p.purgeExpired(ctx)

	p.key, err = loadOrCreateSigningKey(cfg.DataDir, cfg.Logger)
	if err != nil {
		return nil, err
	}
	p.client = newPortalClient(cfg.ClientID, cfg.RedirectOrigins, prefix, cfg.AccessTokenTTL)
	p.storage = &oidcStorage{p: p}

	var cryptoKey [32]byte // encrypts authorization codes; codes are looked up by hash, so a per-process key is fine
	if _, err := rand.Read(cryptoKey[:]); err != nil {
		return nil, fmt.Errorf("identity: crypto key: %w", err)
	}
	p.op, err = op.NewProvider(&op.Config{
		CryptoKey:                cryptoKey,
		DefaultLogoutRedirectURI: cfg.RedirectOrigins[0] + "/",
		CodeMethodS256:           true,
		GrantTypeRefreshToken:    true,
		SupportedScopes:          SupportedScopes(),
		SupportedClaims:          supportedClaims(),
	}, p.storage, op.StaticIssuer(cfg.Issuer),
		op.WithAllowInsecure(),
		op.WithCORSOptions(corsOptions(cfg.RedirectOrigins)),
	)
	if err != nil {
		return nil, fmt.Errorf("identity: openid provider: %w", err)
	}

	p.login, err = identitylogin.New(loginBackend{p: p}, identitylogin.Config{
		Path:              prefix + "/login",
		CookiePath:        cookiePath(prefix),
		CookieName:        SessionCookieName,
		SecureCookie:      strings.HasPrefix(cfg.Issuer, "https://"),
		CallbackURL:       p.callbackURL,
		FormActionOrigins: cfg.RedirectOrigins,
		ClientAddress:     clientAddress,
		Logger:            cfg.Logger,
		Now:               p.now,
	})
	if err != nil {
		return nil, fmt.Errorf("identity: login page: %w", err)
	}
	p.handler = p.routes()
	return p, nil
}

func normalizeConfig(cfg Config) (Config, string, error) {
	invalid := func(format string, args ...any) (Config, string, error) {
		return Config{}, "", fmt.Errorf("%w: "+format, append([]any{ErrInvalidConfig}, args...)...)
	}
	if cfg.DB == nil {
		return invalid("DB is required")
	}
	if cfg.DataDir == "" {
		return invalid("DataDir is required")
	}
	cfg.Issuer = strings.TrimRight(cfg.Issuer, "/")
	u, err := url.Parse(cfg.Issuer)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return invalid("Issuer %q must be an http(s) URL without query", cfg.Issuer)
	}
	if cfg.ClientID == "" {
		cfg.ClientID = DefaultClientID
	}
	if len(cfg.RedirectOrigins) == 0 {
		return invalid("RedirectOrigins needs at least one origin")
	}
	origins := make([]string, 0, len(cfg.RedirectOrigins))
	for _, o := range cfg.RedirectOrigins {
		o = strings.TrimRight(o, "/")
		ou, err := url.Parse(o)
		if err != nil || (ou.Scheme != "http" && ou.Scheme != "https") || ou.Host == "" || ou.Path != "" {
			return invalid("redirect origin %q must be scheme://host[:port]", o)
		}
		origins = append(origins, o)
	}
	cfg.RedirectOrigins = origins
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.AccessTokenTTL <= 0 {
		cfg.AccessTokenTTL = DefaultAccessTokenTTL
	}
	if cfg.Metrics == nil {
		cfg.Metrics = noSignInMetrics{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return cfg, u.EscapedPath(), nil
}

func cookiePath(prefix string) string {
	if prefix == "" {
		return "/"
	}
	return prefix
}

func corsOptions(origins []string) *cors.Options {
	return &cors.Options{
		AllowedOrigins:   origins,
		AllowCredentials: true,
		AllowedMethods:   []string{http.MethodGet, http.MethodHead, http.MethodPost},
		AllowedHeaders:   []string{"Origin", "Accept", "Accept-Language", "Authorization", "Content-Type", "X-Requested-With"},
		ExposedHeaders:   []string{"Location", "Content-Length"},
	}
}

// Handler serves everything under the issuer's path (e.g. /idp): discovery at
// /idp/.well-known/openid-configuration, /idp/authorize, /idp/oauth/token, /idp/userinfo,
// /idp/keys, /idp/revoke, /idp/end_session and the sign-in page /idp/login. Mount it
// without stripping the prefix.
func (p *Provider) Handler() http.Handler { return p.handler }

func (p *Provider) routes() http.Handler {
	var opHandler http.Handler = p.op
	if p.prefix != "" {
		opHandler = http.StripPrefix(p.prefix, p.op)
	}
	mux := http.NewServeMux()
	mux.Handle(p.prefix+"/login", p.login)
	mux.Handle(p.prefix+"/end_session", p.endBrowserSession(opHandler))
	mux.Handle(p.prefix+"/"+strings.TrimPrefix(p.op.TokenEndpoint().Relative(), "/"), p.authenticateTokenClient(opHandler))
	mux.Handle(p.prefix+"/", opHandler)
	return outageAnswers(mux)
}

// endBrowserSession ends the provider's own browser session (cookie) before the OpenID
// end_session endpoint revokes the client's tokens and redirects.
func (p *Provider) endBrowserSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token := p.login.SessionToken(r); token != "" {
			if err := p.store.DeleteSession(r.Context(), hashSecret(token)); err != nil {
				p.logger.ErrorContext(r.Context(), "idp end session", slog.String("error", err.Error()))
			}
			p.login.ClearSession(w)
		}
		next.ServeHTTP(w, r)
	})
}

// callbackURL is where the sign-in page sends the browser once the request is signed in:
// the OpenID provider's authorize callback, as a path so it works on any host name.
func (p *Provider) callbackURL(authRequestID string) string {
	return p.prefix + "/" + strings.TrimPrefix(p.op.AuthorizationEndpoint().Relative(), "/") + "/callback?id=" + url.QueryEscape(authRequestID)
}

// PublicKeys returns the public keys access and id tokens are signed with, for an
// in-process verifier: oidc.NewVerifier(issuer, &oidc.StaticKeySet{PublicKeys: p.PublicKeys()}, cfg).
func (p *Provider) PublicKeys() []crypto.PublicKey {
	return []crypto.PublicKey{p.key.public()}
}

// Issuer returns the issuer URL tokens carry in "iss".
func (p *Provider) Issuer() string { return p.cfg.Issuer }

// ClientID returns the portal client's id, the audience of its access tokens.
func (p *Provider) ClientID() string { return p.cfg.ClientID }

// MintAccessToken issues an access token for the user with this e-mail, identical in shape
// to the ones /oauth/token issues (all scopes but offline_access). ttl <= 0 uses
// Config.AccessTokenTTL. ErrUnknownUser when no user has the e-mail.
func (p *Provider) MintAccessToken(ctx context.Context, email string, ttl time.Duration) (string, error) {
	u, err := p.store.UserByEmail(ctx, email)
	if err != nil {
		return "", err
	}
	if ttl <= 0 {
		ttl = p.cfg.AccessTokenTTL
	}
	req := &mintRequest{
		subject:  u.ID,
		clientID: p.cfg.ClientID,
		scopes:   mintScopes(),
		ttl:      ttl,
	}
	id, exp, err := p.storage.CreateAccessToken(ctx, req)
	if err != nil {
		return "", err
	}
	return op.CreateJWT(ctx, p.cfg.Issuer, req, exp, id, p.client, p.storage)
}

// Profile returns the profile of the user with this subject; ErrUnknownUser if none.
func (p *Provider) Profile(ctx context.Context, subject string) (Profile, error) {
	u, err := p.store.UserByID(ctx, subject)
	if err != nil {
		return Profile{}, err
	}
	return u.Profile(), nil
}

// purgeExpired removes expired rows at most once per purgeInterval; failures are logged.
func (p *Provider) purgeExpired(ctx context.Context) {
	now := p.now()
	p.purgeMu.Lock()
	if now.Sub(p.lastPurge) < purgeInterval {
		p.purgeMu.Unlock()
		return
	}
	p.lastPurge = now
	p.purgeMu.Unlock()
	if err := p.store.PurgeExpired(ctx, now, now.Add(-authRequestTTL)); err != nil {
		p.logger.WarnContext(ctx, "idp purge", slog.String("error", err.Error()))
	}
}
