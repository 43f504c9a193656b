package auth

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// countingVerifier answers from results by token and counts the calls that reach it.
type countingVerifier struct {
	calls   map[string]int
	results map[string]error
	expiry  time.Time
}

func (v *countingVerifier) Verify(_ context.Context, raw string) (Principal, error) {
	v.calls[raw]++
	if err := v.results[raw]; err != nil {
		return Principal{}, err
	}
	return Principal{Subject: "sub-" + raw, Expiry: v.expiry}, nil
}

func newCounting(expiry time.Time) *countingVerifier {
	return &countingVerifier{calls: map[string]int{}, results: map[string]error{}, expiry: expiry}
}

func TestCachingVerifierVerifiesATokenOnceUntilItExpires(t *testing.T) {
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	inner := newCounting(now.Add(15 * time.Minute))
	v := NewCachingVerifier(inner, 100)
	v.now = func() time.Time { return now }

	for range 3 {
		p, err := v.Verify(context.Background(), "tok")
		require.NoError(t, err)
		require.Equal(t, "sub-tok", p.Subject)
	}
	require.Equal(t, 1, inner.calls["tok"], "later calls are answered from memory")

	now = now.Add(15 * time.Minute)
	inner.results["tok"] = ErrInvalidToken
	_, err := v.Verify(context.Background(), "tok")
	require.ErrorIs(t, err, ErrInvalidToken, "at its expiry the token goes back to the verifier, which refuses it")
	require.Equal(t, 2, inner.calls["tok"])
}

func TestCachingVerifierNeverRemembersAFailure(t *testing.T) {
	inner := newCounting(time.Now().Add(time.Hour))
	outage := errors.New("provider down")
	inner.results["tok"] = outage
	v := NewCachingVerifier(inner, 100)

	_, err := v.Verify(context.Background(), "tok")
	require.ErrorIs(t, err, outage)
	delete(inner.results, "tok")
	_, err = v.Verify(context.Background(), "tok")
	require.NoError(t, err, "the outage is over: the token is verified again, not refused from memory")
	require.Equal(t, 2, inner.calls["tok"])
}

func TestCachingVerifierDoesNotRememberATokenWithoutExpiry(t *testing.T) {
	inner := newCounting(time.Time{})
	v := NewCachingVerifier(inner, 100)
	for range 2 {
		_, err := v.Verify(context.Background(), "tok")
		require.NoError(t, err)
	}
	require.Equal(t, 2, inner.calls["tok"])
}

func TestCachingVerifierStaysWithinItsSize(t *testing.T) {
	now := time.Now()
	inner := newCounting(now.Add(time.Hour))
	v := NewCachingVerifier(inner, 50)
	for i := range 500 {
		_, err := v.Verify(context.Background(), fmt.Sprint("tok-", i))
		require.NoError(t, err)
		require.LessOrEqual(t, len(v.entries), 50)
	}
}
