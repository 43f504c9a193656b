package identity_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/testkit"
)

func TestLoginPage_HasLabelledFieldsSignInButtonAndTitle(t *testing.T) {
	e := newTestEnv(t, testkit.SQLite(t))
	b := e.newBrowser()
	resp, _ := b.get(e.authorizeURL(callback, allScopes, newPKCE(), map[string][]string{"login_hint": {"casey@example.com"}}))
	resp, body := b.get(e.absolute(resp))
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))

	for _, want := range []string{
		"<title>Sign in — Rugged Service Portal</title>",
		`<label for="email">Email</label>`,
		`<input id="email" name="email" type="email"`,
		`<label for="password">Password</label>`,
		`<input id="password" name="password" type="password"`,
		`<button type="submit">Sign in</button>`,
		`<input type="hidden" name="authRequestID" value="`,
		`<form method="post" action="/idp/login">`,
		`value="casey@example.com"`, // login_hint prefills the e-mail
	} {
		require.Contains(t, body, want)
	}
	require.NotContains(t, body, "<script")
	require.NotContains(t, body, "Invalid email or password.")

	csp := resp.Header.Get("Content-Security-Policy")
	require.Contains(t, csp, "frame-ancestors 'none'")
	require.Contains(t, csp, "form-action 'self' "+appOrigin)
	require.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"))
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
}

func TestLoginPage_UnknownAuthRequestShowsExpiredMessage(t *testing.T) {
	e := newTestEnv(t, testkit.SQLite(t))
	for _, id := range []string{"", "does-not-exist"} {
		resp, body := e.newBrowser().get(e.issuer + "/login?authRequestID=" + id)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
		require.Contains(t, body, "This sign-in request has expired or was already used.")
		require.False(t, strings.Contains(body, "<form"), "no form without a request")
	}
}
