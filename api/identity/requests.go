package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"

	"rugged.example/portal/api/identity/identitycore"
)

// authRequest adapts identitycore.AuthRequest to op.AuthRequest.
type authRequest struct {
	a identitycore.AuthRequest
}

func (r *authRequest) GetID() string          { return r.a.ID }
func (r *authRequest) GetACR() string         { return "" }
func (r *authRequest) GetAMR() []string       { return r.a.AMR }
func (r *authRequest) GetAudience() []string  { return []string{r.a.ClientID} }
func (r *authRequest) GetAuthTime() time.Time { return r.a.AuthTime }
func (r *authRequest) GetClientID() string    { return r.a.ClientID }
func (r *authRequest) GetNonce() string       { return r.a.Nonce }
func (r *authRequest) GetRedirectURI() string { return r.a.RedirectURI }
func (r *authRequest) GetScopes() []string    { return r.a.Scopes }
func (r *authRequest) GetState() string       { return r.a.State }
func (r *authRequest) GetSubject() string     { return r.a.UserID }
func (r *authRequest) Done() bool             { return r.a.Done }
func (r *authRequest) GetResponseType() oidc.ResponseType {
	return oidc.ResponseType(r.a.ResponseType)
}
func (r *authRequest) GetResponseMode() oidc.ResponseMode {
	return oidc.ResponseMode(r.a.ResponseMode)
}
func (r *authRequest) GetCodeChallenge() *oidc.CodeChallenge {
	if r.a.CodeChallenge == "" {
		return nil
	}
	return &oidc.CodeChallenge{
		Challenge: r.a.CodeChallenge,
		Method:    oidc.CodeChallengeMethod(r.a.CodeChallengeMethod),
	}
}

// refreshTokenRequest adapts identitycore.RefreshToken to op.RefreshTokenRequest.
type refreshTokenRequest struct {
	t             identitycore.RefreshToken
	currentScopes []string
}

func (r *refreshTokenRequest) GetAMR() []string       { return r.t.AMR }
func (r *refreshTokenRequest) GetAudience() []string  { return r.t.Audience }
func (r *refreshTokenRequest) GetAuthTime() time.Time { return r.t.AuthTime }
func (r *refreshTokenRequest) GetClientID() string    { return r.t.ClientID }
func (r *refreshTokenRequest) GetSubject() string     { return r.t.UserID }
func (r *refreshTokenRequest) GetScopes() []string {
	if r.currentScopes != nil {
		return r.currentScopes
	}
	return r.t.Scopes
}
func (r *refreshTokenRequest) SetCurrentScopes(scopes []string) {
	r.currentScopes = slices.Clone(scopes)
}

// mintRequest is the op.TokenRequest behind MintAccessToken.
type mintRequest struct {
	subject  string
	clientID string
	scopes   []string
	ttl      time.Duration
}

func (r *mintRequest) GetSubject() string    { return r.subject }
func (r *mintRequest) GetAudience() []string { return []string{r.clientID} }
func (r *mintRequest) GetScopes() []string   { return r.scopes }
func (r *mintRequest) GetClientID() string   { return r.clientID }

// newSecret returns 32 random bytes, base64url: refresh tokens and session cookies.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand panics instead)
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashSecret is how secrets (codes, refresh tokens, session cookies) are stored: a
// database reader cannot replay them.
func hashSecret(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
