package identity_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
)

// tokenAnswer is what the token endpoint answered, headers included.
type tokenAnswer struct {
	status int
	header http.Header
	body   map[string]any
}

// postToken posts form to the token endpoint as it is (no client_id added); basicUser, when
// set, goes into an Authorization: Basic header with an empty secret.
func (e *testEnv) postToken(form url.Values, basicUser string) tokenAnswer {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.issuer+"/oauth/token", strings.NewReader(form.Encode()))
	require.NoError(e.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if basicUser != "" {
		req.SetBasicAuth(url.QueryEscape(basicUser), "")
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(e.t, err)
	raw := readBody(e.t, resp)
	var body map[string]any
	require.NoError(e.t, json.Unmarshal([]byte(raw), &body), raw)
	return tokenAnswer{status: resp.StatusCode, header: resp.Header, body: body}
}

// TestTokenEndpoint_UnknownOrMissingClientIsInvalidClientForEveryGrant: whatever the grant, and
// even with a live code or refresh token, a request of another client (in the form or in Basic
// authentication) or of no client answers 401 invalid_client in RFC 6749 §5.2's shape, and
// leaves the code and the refresh token usable by their own client.
func TestTokenEndpoint_UnknownOrMissingClientIsInvalidClientForEveryGrant(t *testing.T) {
	e := newTestEnv(t, testkit.SQLite(t))
	refreshToken := e.login("casey@example.com", allScopes).RefreshToken
	require.NotEmpty(t, refreshToken)
	pk := newPKCE()
	code := e.signIn(e.newBrowser(), "casey@example.com", identity.DemoPassword, allScopes, pk)

	grants := []struct {
		name string
		form url.Values
	}{
		{"authorization_code with a live code", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback}, "code_verifier": {pk.verifier}}},
		{"authorization_code with a made-up code", url.Values{"grant_type": {"authorization_code"}, "code": {"made-up"}, "redirect_uri": {callback}}},
		{"refresh_token with a live token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}}},
		{"refresh_token with a made-up token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"made-up"}}},
		{"client_credentials", url.Values{"grant_type": {"client_credentials"}}},
		{"password", url.Values{"grant_type": {"password"}, "username": {"casey@example.com"}, "password": {identity.DemoPassword}}},
		{"jwt-bearer", url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {"a.b.c"}}},
		{"token-exchange", url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:token-exchange"}, "subject_token": {"x"}}},
		{"device_code", url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:device_code"}, "device_code": {"x"}}},
		{"an invented grant", url.Values{"grant_type": {"invented"}}},
		{"no grant_type", url.Values{}},
	}
	clients := []struct {
		name      string
		formID    string
		basicUser string
	}{
		{"unknown client_id in the form", "another-client", ""},
		{"unknown client in Basic authentication", "", "another-client"},
		{"no client at all", "", ""},
		{"client_id differing only in case", "Service-Portal", ""},
	}
	for _, g := range grants {
		for _, c := range clients {
			t.Run(g.name+"/"+c.name, func(t *testing.T) {
				form := url.Values{}
				for k, v := range g.form {
					form[k] = v
				}
				if c.formID != "" {
					form.Set("client_id", c.formID)
				}
				got := e.postToken(form, c.basicUser)
				require.Equal(t, http.StatusUnauthorized, got.status, got.body)
				require.Equal(t, "invalid_client", got.body["error"])
				require.NotEmpty(t, got.body["error_description"])
				require.NotContains(t, got.body["error_description"], "identity.", "no internal error id")
				require.Equal(t, `Basic realm="`+e.issuer+`"`, got.header.Get("WWW-Authenticate"))
				require.Equal(t, "no-store", got.header.Get("Cache-Control"))
				require.True(t, strings.HasPrefix(got.header.Get("Content-Type"), "application/json"))
			})
		}
	}

	t.Run("the code and the refresh token still work for their own client", func(t *testing.T) {
		status, tr := e.exchangeCode(code, pk.verifier)
		require.Equal(t, http.StatusOK, status, tr.Error)
		status, tr = e.refresh(refreshToken)
		require.Equal(t, http.StatusOK, status, tr.Error)
	})
}

// TestTokenEndpoint_PortalClientGetsTheRFCErrorOfItsRequest: the portal's own client, in the
// form or in Basic authentication, gets past client authentication to the grant's own answer.
func TestTokenEndpoint_PortalClientGetsTheRFCErrorOfItsRequest(t *testing.T) {
	e := newTestEnv(t, testkit.SQLite(t))
	tests := []struct {
		name      string
		form      url.Values
		basicUser string
		status    int
		errorCode string
	}{
		{"a grant the client may not use", url.Values{"client_id": {clientID}, "grant_type": {"client_credentials"}}, "", http.StatusBadRequest, "unsupported_grant_type"},
		{"the password grant", url.Values{"client_id": {clientID}, "grant_type": {"password"}, "username": {"casey@example.com"}, "password": {identity.DemoPassword}}, "", http.StatusBadRequest, "unsupported_grant_type"},
		{"jwt-bearer", url.Values{"client_id": {clientID}, "grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {"a.b.c"}}, "", http.StatusBadRequest, "unsupported_grant_type"},
		{"no grant_type", url.Values{"client_id": {clientID}}, "", http.StatusBadRequest, "invalid_request"},
		{"a made-up code", url.Values{"client_id": {clientID}, "grant_type": {"authorization_code"}, "code": {"made-up"}, "redirect_uri": {callback}, "code_verifier": {"v"}}, "", http.StatusBadRequest, "invalid_grant"},
		{"a made-up refresh token", url.Values{"client_id": {clientID}, "grant_type": {"refresh_token"}, "refresh_token": {"made-up"}}, "", http.StatusBadRequest, "invalid_grant"},
		{"a made-up refresh token, client in Basic", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"made-up"}}, clientID, http.StatusBadRequest, "invalid_grant"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := e.postToken(tc.form, tc.basicUser)
			require.Equal(t, tc.status, got.status, got.body)
			require.Equal(t, tc.errorCode, got.body["error"])
			require.Equal(t, "no-store", got.header.Get("Cache-Control"))
		})
	}
}

// TestTokenEndpoint_RefreshWithBasicAuthenticationOfThePortalClientWorks: the public client may
// name itself in Basic authentication with an empty secret (RFC 6749 §2.3.1).
func TestTokenEndpoint_RefreshWithBasicAuthenticationOfThePortalClientWorks(t *testing.T) {
	e := newTestEnv(t, testkit.SQLite(t))
	refreshToken := e.login("casey@example.com", allScopes).RefreshToken
	got := e.postToken(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}}, clientID)
	require.Equal(t, http.StatusOK, got.status, got.body)
	require.NotEmpty(t, got.body["access_token"])
}
