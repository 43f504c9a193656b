package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
)

func TestCachingVerifierRefusesAnAlteredTokenAfterTheGenuineOneWasRemembered(t *testing.T) {
	s := authtest.NewSigner(t)
	v := auth.NewCachingVerifier(s.Verifier(), auth.DefaultTokenCacheSize)
	genuine := s.Customer(t, "casey")
	_, err := v.Verify(context.Background(), genuine)
	require.NoError(t, err)

	header, rest, _ := strings.Cut(genuine, ".")
	payload, signature, _ := strings.Cut(rest, ".")
	flipped := []byte(signature)
	flipped[10] ^= 1
	for name, forged := range map[string]string{
		"another signature": header + "." + payload + "." + string(flipped),
		"no signature":      header + "." + payload + ".",
		"a longer token":    genuine + "x",
	} {
		_, err := v.Verify(context.Background(), forged)
		require.ErrorIs(t, err, auth.ErrInvalidToken, name)
	}
}

func TestCachingVerifierStillRefusesExpiredTokens(t *testing.T) {
	s := authtest.NewSigner(t)
	v := auth.NewCachingVerifier(s.Verifier(), auth.DefaultTokenCacheSize)
	expired := s.Token(t, authtest.Claims{Subject: "casey", Roles: []string{authtest.ClientID + ":customer"}, Expiry: time.Now().Add(-time.Minute)})
	for range 2 {
		_, err := v.Verify(context.Background(), expired)
		require.ErrorIs(t, err, auth.ErrInvalidToken)
	}
}
