package identity

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/crypto/bcrypt"

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

func (b loginBackend) CheckPassword(ctx context.Context, email, password string) (string, error) {
	u, err := b.p.store.UserByEmail(ctx, email)
	if errors.Is(err, identitycore.ErrUnknownUser) {
		// Spend the same time as for a known user, so timing does not reveal which e-mails exist.
		_ = bcrypt.CompareHashAndPassword(b.p.dummyPasswordHash(), []byte(password))
		return "", identitycore.ErrInvalidCredentials
	}
	if err != nil {
		return "", err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) != nil {
		return "", identitycore.ErrInvalidCredentials
	}
	return u.ID, nil
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

// dummyPasswordHash is compared against when the e-mail is unknown.
func (p *Provider) dummyPasswordHash() []byte {
	p.dummyOnce.Do(func() {
		p.dummyHash, _ = bcrypt.GenerateFromPassword([]byte(newSecret()), bcrypt.DefaultCost)
	})
	return p.dummyHash
}
