package identity

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitylogin"
)

// loginBackend gives the sign-in page (identitylogin) what it needs from the provider.
type loginBackend struct {
	p *Provider
}

var _ identitylogin.Backend = loginBackend{}

func (b loginBackend) PendingRequest(ctx context.Context, id string) (identitylogin.Request, error) {
	if id == "" {
		return identitylogin.Request{}, identitycore.ErrNotFound
	}
	a, err := b.p.store.AuthRequestByID(ctx, id)
	if err != nil {
		return identitylogin.Request{}, err
	}
	if a.Done || b.p.now().Sub(a.CreatedAt) > authRequestTTL {
		return identitylogin.Request{}, identitycore.ErrNotFound
	}
	req := identitylogin.Request{
		ID:          a.ID,
		LoginHint:   a.LoginHint,
		PromptNone:  slices.Contains(a.Prompt, oidc.PromptNone),
		PromptLogin: slices.Contains(a.Prompt, oidc.PromptLogin),
	}
	if a.MaxAgeSeconds != nil {
		maxAge := time.Duration(*a.MaxAgeSeconds) * time.Second
		req.MaxAge = &maxAge
		if maxAge == 0 {
			req.PromptLogin = true
		}
	}
	return req, nil
}

// CheckPassword checks a sign-in behind the throttle (Provider.checkPassword).
func (b loginBackend) CheckPassword(ctx context.Context, client, email, password string) (string, error) {
	return b.p.checkPassword(ctx, client, email, password)
}

func (b loginBackend) CompleteRequest(ctx context.Context, id, userID string, authTime time.Time) error {
	return b.p.store.CompleteAuthRequest(ctx, id, userID, authTime, []string{"pwd"})
}

func (b loginBackend) Session(ctx context.Context, token string) (identitycore.Session, error) {
	sess, err := b.p.store.SessionByHash(ctx, hashSecret(token))
	if err != nil {
		return identitycore.Session{}, err
	}
	if b.p.now().After(sess.ExpiresAt) {
		return identitycore.Session{}, identitycore.ErrNotFound
	}
	return sess, nil
}

func (b loginBackend) StartSession(ctx context.Context, userID string, authTime time.Time) (string, identitycore.Session, error) {
	now := b.p.now()
	sess := identitycore.Session{UserID: userID, AuthTime: authTime, ExpiresAt: now.Add(SessionTTL)}
	token := newSecret()
	if err := b.p.store.CreateSession(ctx, hashSecret(token), sess, now); err != nil {
		return "", identitycore.Session{}, err
	}
	return token, sess, nil
}

// RejectLoginRequired answers prompt=none without a session: error=login_required back to
// the client's redirect URI, and the request is dropped.
func (b loginBackend) RejectLoginRequired(w http.ResponseWriter, r *http.Request, id string) {
	a, err := b.p.store.AuthRequestByID(r.Context(), id)
	if err != nil {
		http.Error(w, "login required", http.StatusBadRequest)
		return
	}
	_ = b.p.store.DeleteAuthRequest(r.Context(), id)
	op.AuthRequestError(w, r, &authRequest{a: a}, oidc.ErrLoginRequired(), b.p.op)
}
