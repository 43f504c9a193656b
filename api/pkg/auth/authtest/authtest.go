// Package authtest signs real JWTs with a throwaway RSA key so tests of any module can exercise
// the real verifier and middleware instead of faking them.
package authtest

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"maps"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"rugged.example/portal/api/pkg/auth"
)

// Fixed identifiers of the test issuer.
const (
	Issuer   = "https://idp.test"
	ClientID = "service-portal"
)

// Signer signs tokens and builds the matching verifier.
type Signer struct {
	key *rsa.PrivateKey
}

// NewSigner makes a fresh key.
func NewSigner(tb testing.TB) *Signer {
	tb.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		tb.Fatalf("authtest: key: %v", err)
	}
	return &Signer{key: key}
}

// Verifier accepts tokens of this signer for ClientID, roles in the "roles" claim.
func (s *Signer) Verifier() *auth.OIDCVerifier {
	return auth.NewOIDCVerifier(auth.OIDCConfig{
		Issuer: Issuer, Audience: ClientID, ClientID: ClientID, RolesClaim: "roles",
	}, &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{&s.key.PublicKey}})
}

// Claims of a test token; zero fields get working defaults.
type Claims struct {
	Subject  string
	Email    string
	Roles    []string
	Issuer   string
	Audience string
	Expiry   time.Time
	// Extra claims, added beside the above (a profile's name, address, organization…).
	Extra map[string]any
}

// Token signs claims.
func (s *Signer) Token(tb testing.TB, c Claims) string {
	tb.Helper()
	if c.Issuer == "" {
		c.Issuer = Issuer
	}
	if c.Audience == "" {
		c.Audience = ClientID
	}
	if c.Expiry.IsZero() {
		c.Expiry = time.Now().Add(time.Hour)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: s.key}, (&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		tb.Fatalf("authtest: signer: %v", err)
	}
	private := map[string]any{"email": c.Email, "roles": c.Roles}
	maps.Copy(private, c.Extra)
	raw, err := jwt.Signed(signer).Claims(jwt.Claims{
		Issuer: c.Issuer, Subject: c.Subject, Audience: jwt.Audience{c.Audience},
		Expiry: jwt.NewNumericDate(c.Expiry), IssuedAt: jwt.NewNumericDate(time.Now().Add(-time.Minute)),
	}).Claims(private).Serialize()
	if err != nil {
		tb.Fatalf("authtest: sign: %v", err)
	}
	return raw
}

// Customer signs a token for an ordinary customer holding the client's customer role.
func (s *Signer) Customer(tb testing.TB, subject string) string {
	return s.Token(tb, Claims{Subject: subject, Email: subject + "@example.com", Roles: []string{ClientID + ":customer"}})
}
