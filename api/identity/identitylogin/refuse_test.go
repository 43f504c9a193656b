package identitylogin_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitylogin"
)

// throttledBackend refuses every attempt until retryAt and remembers the client address it
// was given.
type throttledBackend struct {
	fakeBackend
	retryAt time.Time
	clients []string
}

func (b *throttledBackend) CheckPassword(_ context.Context, client, _, _ string) (string, error) {
	b.clients = append(b.clients, client)
	return "", &identitycore.TooManyAttempts{RetryAt: b.retryAt}
}

func TestSubmit_TooManyAttemptsAnswers429WithWhenToComeBack(t *testing.T) {
	now := time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)
	tests := []struct {
		name           string
		wait           time.Duration
		wantRetryAfter string
		wantMessage    string
	}{
		{"a delay", 1500 * time.Millisecond, "2", "Too many failed sign-in attempts. Try again in 2 seconds."},
		{"a lockout", 5 * time.Minute, "300", "Too many failed sign-in attempts. Try again in 5 minutes (at 14:05 UTC)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &throttledBackend{retryAt: now.Add(tc.wait)}
			h, err := identitylogin.New(b, identitylogin.Config{
				Path: "/idp/login", CookiePath: "/idp",
				CallbackURL:   func(id string) string { return "/idp/authorize/callback?id=" + id },
				ClientAddress: func(*http.Request) string { return "203.0.113.9" },
				Now:           func() time.Time { return now },
			})
			require.NoError(t, err)
			form := url.Values{"authRequestID": {"ar1"}, "email": {"casey@example.com"}, "password": {"right"}}
			req := httptest.NewRequest(http.MethodPost, "http://idp.test/idp/login", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)

			require.Equal(t, http.StatusTooManyRequests, rec.Code)
			require.Equal(t, tc.wantRetryAfter, rec.Header().Get("Retry-After"))
			require.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
			body := rec.Body.String()
			require.Contains(t, body, `<p class="error" role="alert">`+tc.wantMessage+`</p>`)
			require.Contains(t, body, `value="casey@example.com"`, "the form comes back with its e-mail")
			require.Contains(t, body, `value="ar1"`, "for the same request")
			require.Empty(t, rec.Result().Cookies())
			require.Empty(t, b.completed)
			require.Equal(t, []string{"203.0.113.9"}, b.clients, "attempts are counted by the configured client address")
		})
	}
}

func TestSubmit_ClientAddressDefaultsToTheConnectionsRemoteHost(t *testing.T) {
	b := &throttledBackend{retryAt: time.Now().Add(time.Minute)}
	form := url.Values{"authRequestID": {"ar1"}, "email": {"casey@example.com"}, "password": {"right"}}
	req := httptest.NewRequest(http.MethodPost, "http://idp.test/idp/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "[2001:db8::7]:51234"
	newHandler(t, b).ServeHTTP(httptest.NewRecorder(), req)
	require.Equal(t, []string{"2001:db8::7"}, b.clients)
}
