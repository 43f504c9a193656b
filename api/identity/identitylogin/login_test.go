package identitylogin_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitylogin"
)

// fakeBackend knows one pending request "ar1" and one user.
type fakeBackend struct {
	completed []string
}

func (f *fakeBackend) PendingRequest(_ context.Context, id string) (identitylogin.Request, error) {
	if id != "ar1" {
		return identitylogin.Request{}, identitycore.ErrNotFound
	}
	return identitylogin.Request{ID: id}, nil
}

func (f *fakeBackend) CheckPassword(_ context.Context, _, email, password string) (string, error) {
	if email == "casey@example.com" && password == "right" {
		return "usr_casey", nil
	}
	return "", identitycore.ErrInvalidCredentials
}

func (f *fakeBackend) CompleteRequest(_ context.Context, id, userID string, _ time.Time) error {
	f.completed = append(f.completed, id+"/"+userID)
	return nil
}

func (f *fakeBackend) Session(context.Context, string) (identitycore.Session, error) {
	return identitycore.Session{}, identitycore.ErrNotFound
}

func (f *fakeBackend) StartSession(_ context.Context, userID string, authTime time.Time) (string, identitycore.Session, error) {
	return "session-token", identitycore.Session{UserID: userID, AuthTime: authTime, ExpiresAt: authTime.Add(time.Hour)}, nil
}

func (f *fakeBackend) RejectLoginRequired(w http.ResponseWriter, _ *http.Request, _ string) {
	http.Error(w, "login_required", http.StatusBadRequest)
}

func newHandler(t *testing.T, b identitylogin.Backend) *identitylogin.Handler {
	t.Helper()
	h, err := identitylogin.New(b, identitylogin.Config{
		Path:        "/idp/login",
		CookiePath:  "/idp",
		CallbackURL: func(id string) string { return "/idp/authorize/callback?id=" + id },
	})
	require.NoError(t, err)
	return h
}

func TestSubmit_RejectsCrossSitePostsOnly(t *testing.T) {
	tests := []struct {
		name       string
		headers    map[string]string
		wantStatus int
	}{
		{"no fetch metadata (non-browser client)", nil, http.StatusSeeOther},
		{"same origin", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://idp.test"}, http.StatusSeeOther},
		{"same site", map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusSeeOther},
		{"cross site", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"foreign origin without fetch metadata", map[string]string{"Origin": "https://attacker.example"}, http.StatusForbidden},
		{"opaque origin without fetch metadata", map[string]string{"Origin": "null"}, http.StatusSeeOther},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &fakeBackend{}
			form := url.Values{"authRequestID": {"ar1"}, "email": {"casey@example.com"}, "password": {"right"}}
			req := httptest.NewRequest(http.MethodPost, "http://idp.test/idp/login", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			newHandler(t, b).ServeHTTP(rec, req)
			require.Equal(t, tc.wantStatus, rec.Code)
			if tc.wantStatus == http.StatusSeeOther {
				require.Equal(t, "/idp/authorize/callback?id=ar1", rec.Header().Get("Location"))
				require.Equal(t, []string{"ar1/usr_casey"}, b.completed)
				cookie := rec.Result().Cookies()
				require.Len(t, cookie, 1)
				require.True(t, cookie[0].HttpOnly)
				require.Equal(t, "/idp", cookie[0].Path)
				require.Equal(t, http.SameSiteLaxMode, cookie[0].SameSite)
			} else {
				require.Empty(t, b.completed)
			}
		})
	}
}

func TestSubmit_WrongPasswordRendersErrorWithoutEscapingProblems(t *testing.T) {
	form := url.Values{"authRequestID": {"ar1"}, "email": {`"><script>x</script>`}, "password": {"wrong"}}
	req := httptest.NewRequest(http.MethodPost, "http://idp.test/idp/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	newHandler(t, &fakeBackend{}).ServeHTTP(rec, req)
	require.Equal(t, http.StatusOK, rec.Code)
	body := rec.Body.String()
	require.Contains(t, body, `<p class="error" role="alert">Invalid email or password.</p>`)
	require.NotContains(t, body, "<script>x</script>", "user input is escaped")
}

func TestShow_PromptNoneWithoutSessionIsRejected(t *testing.T) {
	b := &promptNoneBackend{}
	rec := httptest.NewRecorder()
	newHandler(t, b).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://idp.test/idp/login?authRequestID=ar1", nil))
	require.Equal(t, http.StatusBadRequest, rec.Code)
	require.Contains(t, rec.Body.String(), "login_required")
}

type promptNoneBackend struct{ fakeBackend }

func (p *promptNoneBackend) PendingRequest(_ context.Context, id string) (identitylogin.Request, error) {
	return identitylogin.Request{ID: id, PromptNone: true}, nil
}

// downBackend is a backend whose database refuses connections.
type downBackend struct{ fakeBackend }

func (downBackend) PendingRequest(context.Context, string) (identitylogin.Request, error) {
	return identitylogin.Request{}, fmt.Errorf("load request: %w", syscall.ECONNREFUSED)
}

func TestShow_DatabaseOutageIs503WithRetryAfter(t *testing.T) {
	h := newHandler(t, &downBackend{})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/idp/login?authRequestID=ar1", nil))
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	require.NotEmpty(t, w.Header().Get("Retry-After"))
	require.Contains(t, w.Body.String(), "temporarily unavailable")
}
