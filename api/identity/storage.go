package identity

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/google/uuid"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/db/dbfault"
)

// oidcStorage implements op.Storage (plus the optional request-based claim interfaces)
// on top of the provider's store.
type oidcStorage struct {
	p *Provider
}

var (
	_ op.Storage                        = (*oidcStorage)(nil)
	_ op.CanSetUserinfoFromRequest      = (*oidcStorage)(nil)
	_ op.CanGetPrivateClaimsFromRequest = (*oidcStorage)(nil)
)

// ---- auth requests ----

func (s *oidcStorage) CreateAuthRequest(ctx context.Context, req *oidc.AuthRequest, _ string) (op.AuthRequest, error) {
	if req.CodeChallenge == "" || req.CodeChallengeMethod != oidc.CodeChallengeMethodS256 {
		return nil, oidc.ErrInvalidRequest().WithDescription("PKCE with code_challenge_method S256 is required")
	}
	s.p.purgeExpired(ctx)
	a := identitycore.AuthRequest{
		ID:                  uuid.NewString(),
		ClientID:            req.ClientID,
		RedirectURI:         req.RedirectURI,
		Scopes:              req.Scopes,
		State:               req.State,
		Nonce:               req.Nonce,
		ResponseType:        string(req.ResponseType),
		ResponseMode:        string(req.ResponseMode),
		CodeChallenge:       req.CodeChallenge,
		CodeChallengeMethod: string(req.CodeChallengeMethod),
		Prompt:              req.Prompt,
		LoginHint:           req.LoginHint,
		CreatedAt:           s.p.now(),
	}
	if req.MaxAge != nil {
		maxAge := int64(*req.MaxAge)
		a.MaxAgeSeconds = &maxAge
	}
	if err := s.p.store.CreateAuthRequest(ctx, a); err != nil {
		return nil, storageErr(ctx, err)
	}
	return &authRequest{a: a}, nil
}

func (s *oidcStorage) AuthRequestByID(ctx context.Context, id string) (op.AuthRequest, error) {
	a, err := s.p.store.AuthRequestByID(ctx, id)
	if err != nil {
		return nil, storageErr(ctx, err)
	}
	if s.p.now().Sub(a.CreatedAt) > authRequestTTL {
		return nil, fmt.Errorf("auth request expired: %w", identitycore.ErrNotFound)
	}
	return &authRequest{a: a}, nil
}

func (s *oidcStorage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	// Taking the request deletes it: a code is exchanged once, even when the exchange fails
	// afterwards (wrong code_verifier, wrong redirect_uri).
	a, err := s.p.store.TakeAuthRequestByCode(ctx, hashSecret(code))
	if err != nil {
		return nil, storageErr(ctx, err)
	}
	if !a.Done || s.p.now().Sub(a.CodeIssuedAt) > authCodeTTL {
		return nil, fmt.Errorf("authorization code expired: %w", identitycore.ErrNotFound)
	}
	return &authRequest{a: a}, nil
}

func (s *oidcStorage) SaveAuthCode(ctx context.Context, id, code string) error {
	return storageErr(ctx, s.p.store.SaveAuthCode(ctx, id, hashSecret(code), s.p.now()))
}

func (s *oidcStorage) DeleteAuthRequest(ctx context.Context, id string) error {
	return storageErr(ctx, s.p.store.DeleteAuthRequest(ctx, id))
}

// ---- tokens ----

type clientIDGetter interface{ GetClientID() string }

type authEventGetter interface {
	GetAMR() []string
	GetAuthTime() time.Time
}

func (s *oidcStorage) newAccessToken(req op.TokenRequest, refreshTokenID string) identitycore.AccessToken {
	now := s.p.now()
	ttl := s.p.cfg.AccessTokenTTL
	if m, ok := req.(*mintRequest); ok {
		ttl = m.ttl
	}
	clientID := s.p.cfg.ClientID
	if c, ok := req.(clientIDGetter); ok {
		clientID = c.GetClientID()
	}
	return identitycore.AccessToken{
		ID:             uuid.NewString(),
		UserID:         req.GetSubject(),
		ClientID:       clientID,
		Scopes:         req.GetScopes(),
		Audience:       req.GetAudience(),
		RefreshTokenID: refreshTokenID,
		ExpiresAt:      now.Add(ttl),
		CreatedAt:      now,
	}
}

func (s *oidcStorage) CreateAccessToken(ctx context.Context, req op.TokenRequest) (string, time.Time, error) {
	t := s.newAccessToken(req, "")
	if err := s.p.store.CreateAccessToken(ctx, t); err != nil {
		return "", time.Time{}, storageErr(ctx, err)
	}
	return t.ID, t.ExpiresAt, nil
}

// CreateAccessAndRefreshTokens issues a refresh token for a code exchange with
// offline_access, or rotates the presented one on the refresh_token grant: the old token
// stops working the moment the new one exists.
func (s *oidcStorage) CreateAccessAndRefreshTokens(ctx context.Context, req op.TokenRequest, currentRefreshToken string) (string, string, time.Time, error) {
	now := s.p.now()
	next := identitycore.RefreshToken{
		ID:        uuid.NewString(),
		UserID:    req.GetSubject(),
		ClientID:  s.p.cfg.ClientID,
		Scopes:    req.GetScopes(),
		Audience:  req.GetAudience(),
		ExpiresAt: now.Add(RefreshTokenTTL),
		CreatedAt: now,
	}
	if c, ok := req.(clientIDGetter); ok {
		next.ClientID = c.GetClientID()
	}
	if e, ok := req.(authEventGetter); ok {
		next.AMR, next.AuthTime = e.GetAMR(), e.GetAuthTime()
	}
	if next.AuthTime.IsZero() {
		next.AuthTime = now
	}
	secret := newSecret()

	if currentRefreshToken == "" {
		if err := s.p.store.CreateRefreshToken(ctx, next, hashSecret(secret)); err != nil {
			return "", "", time.Time{}, storageErr(ctx, err)
		}
	} else {
		if rt, ok := req.(*refreshTokenRequest); ok {
			next.Scopes = rt.t.Scopes // the grant keeps its scopes even when this call narrowed them
		}
		err := s.p.store.RotateRefreshToken(ctx, hashSecret(currentRefreshToken), next, hashSecret(secret))
		if errors.Is(err, identitycore.ErrNotFound) {
			return "", "", time.Time{}, oidc.ErrInvalidGrant().WithDescription("refresh token already used or revoked")
		}
		if err != nil {
			return "", "", time.Time{}, storageErr(ctx, err)
		}
	}

	at := s.newAccessToken(req, next.ID)
	if err := s.p.store.CreateAccessToken(ctx, at); err != nil {
		return "", "", time.Time{}, storageErr(ctx, err)
	}
	return at.ID, secret, at.ExpiresAt, nil
}

func (s *oidcStorage) TokenRequestByRefreshToken(ctx context.Context, refreshToken string) (op.RefreshTokenRequest, error) {
	t, err := s.p.store.RefreshTokenByHash(ctx, hashSecret(refreshToken))
	if err != nil {
		return nil, storageErr(ctx, err)
	}
	if s.p.now().After(t.ExpiresAt) {
		return nil, fmt.Errorf("refresh token expired: %w", identitycore.ErrNotFound)
	}
	return &refreshTokenRequest{t: t}, nil
}

// TerminateSession (end_session with an id_token_hint) signs the user out everywhere:
// every token of the client and every browser session of the provider.
func (s *oidcStorage) TerminateSession(ctx context.Context, userID, clientID string) error {
	if userID == "" {
		return nil
	}
	if err := s.p.store.DeleteGrants(ctx, userID, clientID); err != nil {
		return storageErr(ctx, err)
	}
	return storageErr(ctx, s.p.store.DeleteSessionsOfUser(ctx, userID))
}

func (s *oidcStorage) RevokeToken(ctx context.Context, tokenOrTokenID, userID, clientID string) *oidc.Error {
	if userID == "" {
		return nil // not a token of ours: nothing to revoke (RFC 7009 answers 200)
	}
	if err := s.p.store.DeleteAccessToken(ctx, tokenOrTokenID, clientID); err != nil {
		return oidc.ErrServerError().WithParent(storageErr(ctx, err))
	}
	if err := s.p.store.DeleteRefreshToken(ctx, tokenOrTokenID, clientID); err != nil {
		return oidc.ErrServerError().WithParent(storageErr(ctx, err))
	}
	return nil
}

func (s *oidcStorage) GetRefreshTokenInfo(ctx context.Context, clientID, token string) (string, string, error) {
	t, err := s.p.store.RefreshTokenByHash(ctx, hashSecret(token))
	if errors.Is(err, identitycore.ErrNotFound) || (err == nil && t.ClientID != clientID) {
		return "", "", op.ErrInvalidRefreshToken
	}
	if err != nil {
		return "", "", storageErr(ctx, err)
	}
	return t.UserID, t.ID, nil
}

// ---- keys ----

func (s *oidcStorage) SigningKey(context.Context) (op.SigningKey, error) { return s.p.key, nil }

func (s *oidcStorage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

func (s *oidcStorage) KeySet(context.Context) ([]op.Key, error) {
	return []op.Key{publicKey{k: s.p.key}}, nil
}

// ---- clients ----

// GetClientByClientID answers an unknown client as invalid_client, never as the store's not
// found (which the library would answer as a 500): RFC 6749 §5.2.
func (s *oidcStorage) GetClientByClientID(_ context.Context, clientID string) (op.Client, error) {
	if clientID != s.p.client.GetID() {
		return nil, oidc.ErrInvalidClient().WithDescription(descUnknownClient)
	}
	return s.p.client, nil
}

func (s *oidcStorage) AuthorizeClientIDSecret(context.Context, string, string) error {
	return oidc.ErrInvalidClient().WithDescription("no confidential clients")
}

// ---- claims ----

// SetUserinfoFromScopes is deprecated in op; SetUserinfoFromRequest does the work.
func (s *oidcStorage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil
}

func (s *oidcStorage) SetUserinfoFromRequest(ctx context.Context, info *oidc.UserInfo, req op.IDTokenRequest, scopes []string) error {
	u, err := s.p.store.UserByID(ctx, req.GetSubject())
	if err != nil {
		return storageErr(ctx, err)
	}
	setUserinfo(info, u, scopes)
	return nil
}

func (s *oidcStorage) SetUserinfoFromToken(ctx context.Context, info *oidc.UserInfo, tokenID, subject, _ string) error {
	t, err := s.liveAccessToken(ctx, tokenID, subject)
	if err != nil {
		return storageErr(ctx, err)
	}
	u, err := s.p.store.UserByID(ctx, t.UserID)
	if err != nil {
		return storageErr(ctx, err)
	}
	setUserinfo(info, u, t.Scopes)
	return nil
}

func (s *oidcStorage) SetIntrospectionFromToken(ctx context.Context, resp *oidc.IntrospectionResponse, tokenID, subject, clientID string) error {
	t, err := s.liveAccessToken(ctx, tokenID, subject)
	if err != nil {
		return storageErr(ctx, err)
	}
	if !slices.Contains(t.Audience, clientID) {
		return errors.New("token not issued for this client")
	}
	u, err := s.p.store.UserByID(ctx, t.UserID)
	if err != nil {
		return storageErr(ctx, err)
	}
	info := new(oidc.UserInfo)
	setUserinfo(info, u, t.Scopes)
	resp.SetUserInfo(info)
	resp.Scope = t.Scopes
	resp.ClientID = t.ClientID
	return nil
}

// liveAccessToken returns the access token record when it exists (not revoked), has not
// expired and belongs to subject.
func (s *oidcStorage) liveAccessToken(ctx context.Context, tokenID, subject string) (identitycore.AccessToken, error) {
	t, err := s.p.store.AccessTokenByID(ctx, tokenID)
	if dbfault.Unreachable(err) {
		return identitycore.AccessToken{}, storageErr(ctx, err)
	}
	if err != nil {
		return identitycore.AccessToken{}, errors.New("token is invalid or has expired")
	}
	if t.UserID != subject || s.p.now().After(t.ExpiresAt) {
		return identitycore.AccessToken{}, errors.New("token is invalid or has expired")
	}
	return t, nil
}

func (s *oidcStorage) GetPrivateClaimsFromScopes(ctx context.Context, userID, _ string, scopes []string) (map[string]any, error) {
	u, err := s.p.store.UserByID(ctx, userID)
	if err != nil {
		return nil, storageErr(ctx, err)
	}
	return accessTokenClaims(u, scopes), nil
}

func (s *oidcStorage) GetPrivateClaimsFromRequest(ctx context.Context, req op.TokenRequest, _ []string) (map[string]any, error) {
	return s.GetPrivateClaimsFromScopes(ctx, req.GetSubject(), "", req.GetScopes())
}

// ---- unsupported: JWT profile grant ----

func (s *oidcStorage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errors.New("jwt profile grant not supported")
}

func (s *oidcStorage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, errors.New("jwt profile grant not supported")
}

// ---- health ----

func (s *oidcStorage) Health(ctx context.Context) error { return s.p.store.Ping(ctx) }
