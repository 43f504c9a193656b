// Package identityoidc builds the /me profile of a user of any OpenID provider: the claims of
// the caller's verified access token, merged with what the provider's userinfo endpoint (found
// through discovery, called with the same bearer token) says. Standard claims map to the
// profile's names, e-mail, phone and address; the portal's own (roles, organization, flat
// discount) are read at configurable claim paths. The profile is cached per subject for the
// rest of the token's lifetime.
package identityoidc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"time"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/cache"
)

// Config says where the claims are and whose client roles count.
type Config struct {
	ClientID string
	Paths    ClaimPaths
	// Now may be nil (time.Now); it decides how much of a token's lifetime is left to cache its
	// profile for, so a test moves it instead of waiting for a token to age.
	Now func() time.Time
}

// Source answers profiles of an external provider's users.
type Source struct {
	cfg       Config
	discovery *auth.Discovery
	cache     cache.Cache
	log       *slog.Logger
	now       func() time.Time
}

// New returns a Source asking the provider d discovers and caching in c.
func New(cfg Config, d *auth.Discovery, c cache.Cache, log *slog.Logger) *Source {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Source{cfg: cfg, discovery: d, cache: c, log: log, now: now}
}

// userinfo outcomes that decide whether the profile may be cached.
var (
	// errUserinfoRefused: the provider answered but will not describe this token's user (some
	// providers accept only tokens issued for userinfo itself). Asking again gives the same
	// answer, so the token's own claims make the profile.
	errUserinfoRefused = errors.New("identityoidc: userinfo refused the token")
	// errUserinfoUnavailable: no usable answer this time (network, 5xx, a reply about someone
	// else). The profile is answered from the token but not cached.
	errUserinfoUnavailable = errors.New("identityoidc: userinfo unavailable")
)

// Profile returns the caller's profile. accessToken is the caller's bearer token, sent on to
// the userinfo endpoint; it is never stored or logged.
func (s *Source) Profile(ctx context.Context, caller auth.Principal, accessToken string) (identitycore.Profile, error) {
	key := cacheKey(caller.Subject)
	if raw, err := s.cache.Get(ctx, key); err == nil {
		var p identitycore.Profile
		if json.Unmarshal(raw, &p) == nil {
			return p, nil
		}
	} else if !errors.Is(err, cache.ErrMiss) {
		s.log.WarnContext(ctx, "profile cache read failed", "err", err)
	}

	profile := profileFromClaims(caller.Claims, s.cfg.Paths)
	info, err := s.userinfo(ctx, accessToken, caller.Subject)
	switch {
	case errors.Is(err, auth.ErrProviderUnavailable):
		return identitycore.Profile{}, err
	case err == nil:
		profile = merge(profile, profileFromClaims(info, s.cfg.Paths))
	default:
		s.log.InfoContext(ctx, "profile from the access token only", "reason", err.Error())
		profile = merge(profile, identitycore.Profile{})
	}
	profile.Subject = caller.Subject

	if ttl := caller.Expiry.Sub(s.now()); ttl >= time.Second && !errors.Is(err, errUserinfoUnavailable) {
		if raw, mErr := json.Marshal(profile); mErr == nil {
			if sErr := s.cache.Set(ctx, key, raw, ttl); sErr != nil {
				s.log.WarnContext(ctx, "profile cache write failed", "err", sErr)
			}
		}
	}
	return profile, nil
}

// Verifier wraps inner so that the caller's roles and organization are the provider's even
// when its tokens leave them out: a token without any roles claim takes the roles from the
// caller's profile (userinfo), and a token without the organization claim (at the configured
// path) takes the organization from it too. Tokens that carry both are answered from them
// alone, without a lookup; the profile is cached, so a lookup costs one userinfo call per
// token lifetime.
func (s *Source) Verifier(inner auth.Verifier) auth.Verifier {
	return claimsFromProfile{inner: inner, source: s}
}

type claimsFromProfile struct {
	inner  auth.Verifier
	source *Source
}

func (v claimsFromProfile) Verify(ctx context.Context, raw string) (auth.Principal, error) {
	p, err := v.inner.Verify(ctx, raw)
	if err != nil {
		return p, err
	}
	paths := v.source.cfg.Paths
	// The configured path decides, whatever default the inner verifier read.
	p.Org = auth.OrgName(p.Claims, paths.Org)
	hasRoles := auth.ClaimAt(p.Claims, paths.Roles) != nil
	if hasRoles && p.Org != "" {
		return p, nil
	}
	profile, err := v.source.Profile(ctx, p, raw)
	if err != nil {
		return auth.Principal{}, err
	}
	if !hasRoles {
		p.ClientRoles = auth.ClientRoles(profile.Roles, v.source.cfg.ClientID)
	}
	if p.Org == "" && profile.Org != nil {
		p.Org = profile.Org.Name
	}
	return p, nil
}

// userinfo asks the provider's userinfo endpoint about the token's user (OpenID Connect Core
// §5.3). A provider without one has nothing to add.
func (s *Source) userinfo(ctx context.Context, accessToken, subject string) (map[string]any, error) {
	meta, err := s.discovery.Metadata(ctx)
	if err != nil {
		return nil, err
	}
	if meta.UserinfoEndpoint == "" {
		return nil, fmt.Errorf("%w: the provider has no userinfo endpoint", errUserinfoRefused)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, meta.UserinfoEndpoint, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUserinfoUnavailable, err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	req.Header.Set("Accept", "application/json")
	res, err := s.discovery.Client().Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUserinfoUnavailable, err)
	}
	defer res.Body.Close()
	switch {
	case res.StatusCode >= 500:
		return nil, fmt.Errorf("%w: status %s", errUserinfoUnavailable, res.Status)
	case res.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("%w: status %s %s", errUserinfoRefused, res.Status, res.Header.Get("WWW-Authenticate"))
	}
	// A signed or encrypted userinfo response (application/jwt) is not asked for.
	if mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); mt != "application/json" {
		return nil, fmt.Errorf("%w: content type %q", errUserinfoRefused, mt)
	}
	var claims map[string]any
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&claims); err != nil {
		return nil, fmt.Errorf("%w: %v", errUserinfoUnavailable, err)
	}
	// §5.3.2: the sub of userinfo must be the token's, else the answer is about someone else.
	if got, _ := claims["sub"].(string); got != subject {
		return nil, fmt.Errorf("%w: userinfo names another subject", errUserinfoUnavailable)
	}
	return claims, nil
}

// cacheKey keys a profile by its subject; hashed, so any subject makes a short, safe key.
func cacheKey(subject string) string {
	sum := sha256.Sum256([]byte(subject))
	return "identity:profile:" + hex.EncodeToString(sum[:16])
}
