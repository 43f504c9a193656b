package identity_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
)

// providerBehaviour is one behaviour of the provider, run against every database driver.
type providerBehaviour struct {
	name string
	run  func(t *testing.T, db *gorm.DB)
}

func providerBehaviours() []providerBehaviour {
	return []providerBehaviour{
		{"AuthorizationCodeFlow_IssuesVerifiableJWTWithRoles", testAuthorizationCodeFlowIssuesVerifiableJWTWithRoles},
		{"SignIn_WrongPasswordShowsError", testSignInWrongPasswordShowsError},
		{"SignIn_PostForUnknownAuthRequestIsRejected", testSignInPostForUnknownAuthRequestIsRejected},
		{"RefreshToken_IssuesNewTokensAndRotates", testRefreshTokenIssuesNewTokensAndRotates},
		{"RefreshToken_OnlyWithOfflineAccess", testRefreshTokenOnlyWithOfflineAccess},
		{"CodeExchange_WrongPKCEVerifierIsRejected", testCodeExchangeWrongPKCEVerifierIsRejected},
		{"CodeExchange_CodeWorksOnce", testCodeExchangeCodeWorksOnce},
		{"Authorize_RequiresPKCEWithS256", testAuthorizeRequiresPKCEWithS256},
		{"Authorize_RejectsUnregisteredRedirectURI", testAuthorizeRejectsUnregisteredRedirectURI},
		{"MintAccessToken_FromSecondProviderVerifiesWithFirstProvidersKeys", testMintAccessTokenFromSecondProviderVerifiesWithFirstProvidersKeys},
		{"Seeding_IsIdempotent", testSeedingIsIdempotent},
		{"Profile_MatchesDemoUsers", testProfileMatchesDemoUsers},
		{"Userinfo_CarriesClaimsOfGrantedScopes", testUserinfoCarriesClaimsOfGrantedScopes},
		{"IDToken_CarriesProfileClaimsAndNonce", testIDTokenCarriesProfileClaimsAndNonce},
		{"EndSession_RedirectsAndRevokesTokens", testEndSessionRedirectsAndRevokesTokens},
		{"SilentRenew_PromptNoneUsesBrowserSession", testSilentRenewPromptNoneUsesBrowserSession},
		{"Discovery_IsServedUnderIssuerPath", testDiscoveryIsServedUnderIssuerPath},
	}
}

func TestProvider_SQLite(t *testing.T) {
	for _, b := range providerBehaviours() {
		t.Run(b.name, func(t *testing.T) { b.run(t, testkit.SQLite(t)) })
	}
}

func TestIntegrationProvider_PostgreSQL(t *testing.T) {
	for _, b := range providerBehaviours() {
		t.Run(b.name, func(t *testing.T) { b.run(t, testkit.Postgres(t)) })
	}
}

func testAuthorizationCodeFlowIssuesVerifiableJWTWithRoles(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	tests := []struct {
		email        string
		wantSub      string
		wantGiven    string
		wantRoles    []string
		wantOrg      *identity.Org
		wantDiscount float64
	}{
		{"casey@example.com", identity.DemoCaseyID, "Casey", []string{"service-portal:customer"}, nil, 0},
		{"olivia@fleetco.example", identity.DemoOliviaID, "Olivia",
			[]string{"service-portal:customer", "service-portal:service:payment:po", "service-portal:service:partorder:create"}, &identity.Org{Name: "FleetCo Utilities"}, 10},
		{"diego@fleetco.example", identity.DemoDiegoID, "Diego",
			[]string{"service-portal:customer"}, &identity.Org{Name: "FleetCo Utilities"}, 0},
		{"adam@example.com", identity.DemoAdamID, "Adam", []string{
			"service-portal:admin", "service-portal:service:admin:rma:override:oow", "service-portal:service:beta",
			"service-portal:service:partorder:create", "service-portal:service:video:serial:read"}, nil, 0},
		{"nora@example.com", identity.DemoNoraID, "Nora", []string{"field-app:viewer"}, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.email, func(t *testing.T) {
			e.t = t
			tr := e.login(tc.email, allScopes)
			require.Equal(t, "Bearer", tr.TokenType)
			require.NotEmpty(t, tr.IDToken)
			require.NotEmpty(t, tr.RefreshToken)
			require.InDelta(t, 15*60, tr.ExpiresIn, 5)

			tok, c := e.verifyAccessToken(e.p, tr.AccessToken)
			require.Equal(t, e.issuer, tok.Issuer)
			require.Equal(t, tc.wantSub, tok.Subject)
			require.Contains(t, tok.Audience, clientID)
			require.WithinDuration(t, time.Now().Add(15*time.Minute), tok.Expiry, time.Minute)
			require.WithinDuration(t, time.Now(), tok.IssuedAt, time.Minute)
			require.Equal(t, tc.email, c.Email)
			require.Equal(t, tc.wantGiven, c.GivenName)
			require.ElementsMatch(t, tc.wantRoles, c.Roles)
			require.Equal(t, tc.wantOrg, c.Org)
			require.Equal(t, tc.wantDiscount, c.Flags.RMA.FlatDiscountPercentage)
			require.NotEmpty(t, c.JTI)
		})
	}
}

func testSignInWrongPasswordShowsError(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	tests := []struct{ name, email, password string }{
		{"wrong password", "casey@example.com", "not-the-password"},
		{"password in the wrong case", "casey@example.com", strings.ToLower(identity.DemoPassword)},
		{"unknown email", "nobody@example.com", identity.DemoPassword},
		{"empty password", "casey@example.com", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := e.newBrowser()
			loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
			resp, body := b.postForm(loginURL, url.Values{"authRequestID": {id}, "email": {tc.email}, "password": {tc.password}})
			require.Equal(t, http.StatusOK, resp.StatusCode)
			require.Contains(t, body, "Invalid email or password.")
			require.Contains(t, body, `value="`+tc.email+`"`, "the e-mail stays filled in")
			require.Contains(t, body, `value="`+id+`"`, "the same auth request can be retried")
			require.Empty(t, resp.Cookies(), "no session without a valid password")

			// The request is still usable: the right password signs in.
			resp, _ = b.postForm(loginURL, url.Values{"authRequestID": {id}, "email": {"casey@example.com"}, "password": {identity.DemoPassword}})
			require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		})
	}
}

func testSignInPostForUnknownAuthRequestIsRejected(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	b := e.newBrowser()
	loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
	signIn := func(id string) *http.Response {
		resp, _ := b.postForm(loginURL, url.Values{"authRequestID": {id}, "email": {"casey@example.com"}, "password": {identity.DemoPassword}})
		return resp
	}
	tests := []struct{ name, id string }{
		{"missing id", ""},
		{"made-up id", "00000000-0000-4000-8000-000000000000"},
		{"tampered id", id + "x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := signIn(tc.id)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode)
			require.Empty(t, resp.Header.Get("Location"))
			require.Empty(t, resp.Cookies())
		})
	}
	t.Run("already used id", func(t *testing.T) {
		require.Equal(t, http.StatusSeeOther, signIn(id).StatusCode)
		require.Equal(t, http.StatusBadRequest, signIn(id).StatusCode)
	})
	t.Run("cross-site post", func(t *testing.T) {
		_, fresh := e.openLoginPage(e.newBrowser(), allScopes, newPKCE())
		req, err := http.NewRequest(http.MethodPost, loginURL, strings.NewReader(url.Values{
			"authRequestID": {fresh}, "email": {"casey@example.com"}, "password": {identity.DemoPassword}}.Encode()))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "https://attacker.example")
		resp, err := b.c.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusForbidden, resp.StatusCode)
	})
}

func testRefreshTokenIssuesNewTokensAndRotates(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	first := e.login("olivia@fleetco.example", allScopes)

	status, second := e.refresh(first.RefreshToken)
	require.Equal(t, http.StatusOK, status, second.Error)
	require.NotEmpty(t, second.AccessToken)
	require.NotEqual(t, first.AccessToken, second.AccessToken)
	require.NotEmpty(t, second.RefreshToken)
	require.NotEqual(t, first.RefreshToken, second.RefreshToken, "refresh tokens rotate")
	require.NotEmpty(t, second.IDToken)
	tok, c := e.verifyAccessToken(e.p, second.AccessToken)
	require.Equal(t, identity.DemoOliviaID, tok.Subject)
	require.Contains(t, c.Roles, "service-portal:service:payment:po")
	require.Equal(t, &identity.Org{Name: "FleetCo Utilities"}, c.Org)

	status, reused := e.refresh(first.RefreshToken)
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, "invalid_grant", reused.Error, "a rotated refresh token is dead")

	status, third := e.refresh(second.RefreshToken)
	require.Equal(t, http.StatusOK, status, third.Error)
	require.NotEqual(t, second.RefreshToken, third.RefreshToken)

	status, bogus := e.refresh("not-a-refresh-token")
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, "invalid_grant", bogus.Error)
}

func testRefreshTokenOnlyWithOfflineAccess(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	tr := e.login("casey@example.com", "openid profile email roles")
	require.NotEmpty(t, tr.AccessToken)
	require.Empty(t, tr.RefreshToken)
}

func testCodeExchangeWrongPKCEVerifierIsRejected(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	tests := []struct {
		name      string
		verifier  func(pkce) string
		wantError string
	}{
		{"verifier of another request", func(pkce) string { return newPKCE().verifier }, "invalid_grant"},
		{"challenge sent as verifier", func(p pkce) string { return p.challenge }, "invalid_grant"},
		{"no verifier", func(pkce) string { return "" }, "invalid_request"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pk := newPKCE()
			code := e.signIn(e.newBrowser(), "casey@example.com", identity.DemoPassword, allScopes, pk)
			status, tr := e.exchangeCode(code, tc.verifier(pk))
			require.Equal(t, http.StatusBadRequest, status)
			require.Equal(t, tc.wantError, tr.Error)
			require.Empty(t, tr.AccessToken)

			// The failed attempt used the code up: a stolen code cannot be brute-forced.
			status, tr = e.exchangeCode(code, pk.verifier)
			require.Equal(t, http.StatusBadRequest, status)
			require.Empty(t, tr.AccessToken)
		})
	}
}

func testCodeExchangeCodeWorksOnce(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	pk := newPKCE()
	code := e.signIn(e.newBrowser(), "casey@example.com", identity.DemoPassword, allScopes, pk)
	status, tr := e.exchangeCode(code, pk.verifier)
	require.Equal(t, http.StatusOK, status, tr.Error)
	status, tr = e.exchangeCode(code, pk.verifier)
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, "invalid_grant", tr.Error)
}

func testAuthorizeRequiresPKCEWithS256(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	pk := newPKCE()
	tests := []struct {
		name  string
		extra url.Values
	}{
		{"no challenge", url.Values{"code_challenge": {""}, "code_challenge_method": {""}}},
		{"plain method", url.Values{"code_challenge": {pk.verifier}, "code_challenge_method": {"plain"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, _ := e.newBrowser().get(e.authorizeURL(callback, allScopes, pk, tc.extra))
			require.Equal(t, http.StatusFound, resp.StatusCode)
			loc, err := resp.Location()
			require.NoError(t, err)
			require.Equal(t, callback, loc.Scheme+"://"+loc.Host+loc.Path)
			require.Equal(t, "invalid_request", loc.Query().Get("error"))
			require.Equal(t, "st-123", loc.Query().Get("state"))
		})
	}
}

func testAuthorizeRejectsUnregisteredRedirectURI(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	tests := []struct{ name, redirectURI string }{
		{"other origin", "http://evil.example/oidc-callback"},
		{"other path", appOrigin + "/elsewhere"},
		{"https variant", "https://127.0.0.1:8080/oidc-callback"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, _ := e.newBrowser().get(e.authorizeURL(tc.redirectURI, allScopes, newPKCE(), nil))
			require.Equal(t, http.StatusBadRequest, resp.StatusCode)
			require.Empty(t, resp.Header.Get("Location"), "never redirect to an unregistered URI")
		})
	}
	t.Run("silent-renew is registered", func(t *testing.T) {
		resp, _ := e.newBrowser().get(e.authorizeURL(appOrigin+"/silent-renew", allScopes, newPKCE(), nil))
		require.Equal(t, http.StatusFound, resp.StatusCode)
		require.Contains(t, resp.Header.Get("Location"), "/idp/login?")
	})
}

func testMintAccessTokenFromSecondProviderVerifiesWithFirstProvidersKeys(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	second := e.newProvider() // as `portal dev-token` would, in another process
	ctx := context.Background()

	minted, err := second.MintAccessToken(ctx, "Olivia@FleetCo.example", 0)
	require.NoError(t, err)
	tok, c := e.verifyAccessToken(e.p, minted)
	require.Equal(t, identity.DemoOliviaID, tok.Subject)
	require.Contains(t, tok.Audience, clientID)
	require.Equal(t, "olivia@fleetco.example", c.Email)
	require.ElementsMatch(t, []string{"service-portal:customer", "service-portal:service:payment:po", "service-portal:service:partorder:create"}, c.Roles)
	require.Equal(t, &identity.Org{Name: "FleetCo Utilities"}, c.Org)
	require.Equal(t, 10.0, c.Flags.RMA.FlatDiscountPercentage)
	require.WithinDuration(t, time.Now().Add(identity.DefaultAccessTokenTTL), tok.Expiry, time.Minute)

	// Same shape as a token from the code flow: same claim names.
	flow := e.login("olivia@fleetco.example", allScopes)
	require.ElementsMatch(t, claimNames(t, flow.AccessToken), claimNames(t, minted))

	// Usable at userinfo of the first provider, like any issued token.
	status, info := e.userinfo(minted)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, identity.DemoOliviaID, info["sub"])

	long, err := second.MintAccessToken(ctx, "adam@example.com", 12*time.Hour)
	require.NoError(t, err)
	tok, _ = e.verifyAccessToken(e.p, long)
	require.WithinDuration(t, time.Now().Add(12*time.Hour), tok.Expiry, time.Minute)

	_, err = second.MintAccessToken(ctx, "nobody@example.com", 0)
	require.ErrorIs(t, err, identity.ErrUnknownUser)
}

func testSeedingIsIdempotent(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	count := func(table string) int64 {
		var n int64
		require.NoError(t, db.Table(table).Count(&n).Error)
		return n
	}
	users, roles := count("idp_users"), count("idp_user_roles")
	require.EqualValues(t, len(identity.DemoUsers(identity.DefaultClientID)), users)
	require.EqualValues(t, 13, roles) // casey 1, olivia 3, diego 1, adam 5, nora 1, tariq 1, lena 1

	for range 2 {
		require.NoError(t, identity.SeedDemoUsers(t.Context(), db, clientID, nil))
		e.newProvider()
	}
	require.Equal(t, users, count("idp_users"))
	require.Equal(t, roles, count("idp_user_roles"))
	// Sign-in still works with the original seeded password.
	e.login("casey@example.com", allScopes)
}

func testProfileMatchesDemoUsers(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	ctx := context.Background()
	tests := []struct {
		subject          string
		wantEmail        string
		wantServiceRoles bool
		wantOrg          *identity.Org
		wantDiscount     float64
		wantCity         string
	}{
		{identity.DemoCaseyID, "casey@example.com", true, nil, 0, "Austin"},
		{identity.DemoOliviaID, "olivia@fleetco.example", true, &identity.Org{Name: "FleetCo Utilities"}, 10, "Columbus"},
		{identity.DemoDiegoID, "diego@fleetco.example", true, &identity.Org{Name: "FleetCo Utilities"}, 0, "Phoenix"},
		{identity.DemoAdamID, "adam@example.com", true, nil, 0, "Austin"},
		{identity.DemoNoraID, "nora@example.com", false, nil, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.subject, func(t *testing.T) {
			p, err := e.p.Profile(ctx, tc.subject)
			require.NoError(t, err)
			require.Equal(t, tc.subject, p.Subject)
			require.Equal(t, tc.wantEmail, p.Email)
			require.Equal(t, tc.wantServiceRoles, p.HasClientRole(clientID))
			require.Equal(t, tc.wantOrg, p.Org)
			require.Equal(t, tc.wantDiscount, p.Flags.RMA.FlatDiscountPercentage)
			require.Equal(t, tc.wantCity, p.Address.Shipping.City)
		})
	}
	t.Run("nora holds no service-portal role", func(t *testing.T) {
		p, err := e.p.Profile(ctx, identity.DemoNoraID)
		require.NoError(t, err)
		require.Equal(t, []string{"field-app:viewer"}, p.Roles)
		for _, r := range p.Roles {
			require.False(t, strings.HasPrefix(r, "service-portal:"), r)
		}
	})
	t.Run("casey's contact and address", func(t *testing.T) {
		p, err := e.p.Profile(ctx, identity.DemoCaseyID)
		require.NoError(t, err)
		require.Equal(t, "Morgan Field Services", p.Company)
		require.Equal(t, "5125550142", p.Phone)
		require.Equal(t, "US", p.PhoneCountryCode)
		require.Equal(t, identity.Address{Line1: "2100 Riverside Dr", Line2: "Suite 300", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"}, p.Address.Shipping)
	})
	t.Run("unknown subject", func(t *testing.T) {
		_, err := e.p.Profile(ctx, "usr_nobody")
		require.ErrorIs(t, err, identity.ErrUnknownUser)
	})
}

func testUserinfoCarriesClaimsOfGrantedScopes(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	t.Run("all scopes", func(t *testing.T) {
		tr := e.login("olivia@fleetco.example", allScopes)
		status, info := e.userinfo(tr.AccessToken)
		require.Equal(t, http.StatusOK, status)
		require.Equal(t, identity.DemoOliviaID, info["sub"])
		require.Equal(t, "olivia@fleetco.example", info["email"])
		require.Equal(t, "Olivia", info["given_name"])
		require.Equal(t, "Chen", info["family_name"])
		require.Equal(t, "FleetCo Utilities", info["company"])
		require.Equal(t, "Fleet Manager", info["position"])
		require.Equal(t, "US", info["phoneCountryCode"])
		require.NotEmpty(t, info["phone_number"])
		require.ElementsMatch(t, []any{"service-portal:customer", "service-portal:service:payment:po", "service-portal:service:partorder:create"}, info["roles"])
		require.Equal(t, map[string]any{"name": "FleetCo Utilities"}, info["org"])
		require.Equal(t, map[string]any{"rma": map[string]any{"flatDiscountPercentage": 10.0}}, info["flags"])
		addr, ok := info["address"].(map[string]any)
		require.True(t, ok, "address claim")
		require.Equal(t, "Columbus", addr["locality"])
		require.Equal(t, "OH", addr["region"])
		require.Equal(t, "43219", addr["postal_code"])
	})
	t.Run("openid email only", func(t *testing.T) {
		tr := e.login("olivia@fleetco.example", "openid email")
		status, info := e.userinfo(tr.AccessToken)
		require.Equal(t, http.StatusOK, status)
		require.Equal(t, "olivia@fleetco.example", info["email"])
		for _, claim := range []string{"roles", "org", "flags", "address", "phone_number", "given_name"} {
			require.NotContains(t, info, claim)
		}
		// The access token itself always carries what the APIs authorise with.
		_, c := e.verifyAccessToken(e.p, tr.AccessToken)
		require.NotEmpty(t, c.Roles)
		require.NotNil(t, c.Org)
	})
	t.Run("invalid token", func(t *testing.T) {
		status, _ := e.userinfo("not-a-token")
		require.Equal(t, http.StatusUnauthorized, status)
	})
}

func testIDTokenCarriesProfileClaimsAndNonce(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	tr := e.login("casey@example.com", allScopes)
	tok, err := verifier(e.issuer, e.p).Verify(context.Background(), tr.IDToken)
	require.NoError(t, err)
	require.Equal(t, "nonce-456", tok.Nonce)
	require.Equal(t, identity.DemoCaseyID, tok.Subject)
	var c struct {
		Email            string   `json:"email"`
		Name             string   `json:"name"`
		Roles            []string `json:"roles"`
		Company          string   `json:"company"`
		PhoneCountryCode string   `json:"phoneCountryCode"`
		Org              any      `json:"org"`
	}
	require.NoError(t, tok.Claims(&c))
	require.Equal(t, "casey@example.com", c.Email)
	require.Equal(t, "Casey Morgan", c.Name)
	require.Equal(t, []string{"service-portal:customer"}, c.Roles)
	require.Equal(t, "Morgan Field Services", c.Company)
	require.Equal(t, "US", c.PhoneCountryCode)
	require.Nil(t, c.Org, "casey belongs to no organization")
}

func testEndSessionRedirectsAndRevokesTokens(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	pk := newPKCE()
	b := e.newBrowser()
	code := e.signIn(b, "casey@example.com", identity.DemoPassword, allScopes, pk)
	status, tr := e.exchangeCode(code, pk.verifier)
	require.Equal(t, http.StatusOK, status)

	q := url.Values{
		"id_token_hint":            {tr.IDToken},
		"post_logout_redirect_uri": {appOrigin + "/"},
		"state":                    {"bye"},
	}
	resp, _ := b.get(e.issuer + "/end_session?" + q.Encode())
	require.Equal(t, http.StatusFound, resp.StatusCode)
	require.Equal(t, appOrigin+"/?state=bye", resp.Header.Get("Location"))

	status, refreshed := e.refresh(tr.RefreshToken)
	require.Equal(t, http.StatusBadRequest, status, "sign-out revokes the refresh token")
	require.Equal(t, "invalid_grant", refreshed.Error)
	status, _ = e.userinfo(tr.AccessToken)
	require.NotEqual(t, http.StatusOK, status, "sign-out revokes the access token at userinfo")

	// The browser session is gone: the next sign-in shows the form again.
	resp, _ = b.get(e.authorizeURL(callback, allScopes, newPKCE(), nil))
	resp, body := b.get(e.absolute(resp))
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, body, "Sign in")

	t.Run("unregistered post-logout URI", func(t *testing.T) {
		q.Set("post_logout_redirect_uri", "http://evil.example/")
		resp, _ := e.newBrowser().get(e.issuer + "/end_session?" + q.Encode())
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	})
}

func testSilentRenewPromptNoneUsesBrowserSession(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	silent := url.Values{"prompt": {"none"}}

	t.Run("without session: login_required", func(t *testing.T) {
		b := e.newBrowser()
		resp, _ := b.get(e.authorizeURL(appOrigin+"/silent-renew", allScopes, newPKCE(), silent))
		resp, _ = b.get(e.absolute(resp))
		require.Equal(t, http.StatusFound, resp.StatusCode)
		loc, err := resp.Location()
		require.NoError(t, err)
		require.Equal(t, appOrigin+"/silent-renew", loc.Scheme+"://"+loc.Host+loc.Path)
		require.Equal(t, "login_required", loc.Query().Get("error"))
		require.Equal(t, "st-123", loc.Query().Get("state"))
	})
	t.Run("with session: new code without the form", func(t *testing.T) {
		b := e.newBrowser()
		e.signIn(b, "adam@example.com", identity.DemoPassword, allScopes, newPKCE())

		pk := newPKCE()
		resp, _ := b.get(e.authorizeURL(appOrigin+"/silent-renew", allScopes, pk, silent))
		resp, _ = b.get(e.absolute(resp))
		require.Equal(t, http.StatusFound, resp.StatusCode)
		loc, err := resp.Location()
		require.NoError(t, err)
		require.Contains(t, loc.Path, "/idp/authorize/callback")
		resp, _ = b.get(loc.String())
		require.Equal(t, http.StatusFound, resp.StatusCode)
		loc, err = resp.Location()
		require.NoError(t, err)
		code := loc.Query().Get("code")
		require.NotEmpty(t, code, loc.String())

		status, tr := e.tokenRequest(url.Values{"grant_type": {"authorization_code"}, "code": {code},
			"redirect_uri": {appOrigin + "/silent-renew"}, "code_verifier": {pk.verifier}})
		require.Equal(t, http.StatusOK, status, tr.Error)
		tok, _ := e.verifyAccessToken(e.p, tr.AccessToken)
		require.Equal(t, identity.DemoAdamID, tok.Subject)
	})
	t.Run("prompt=login shows the form despite the session", func(t *testing.T) {
		b := e.newBrowser()
		e.signIn(b, "adam@example.com", identity.DemoPassword, allScopes, newPKCE())
		resp, _ := b.get(e.authorizeURL(callback, allScopes, newPKCE(), url.Values{"prompt": {"login"}}))
		resp, body := b.get(e.absolute(resp))
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Contains(t, body, `name="password"`)
	})
}

func testDiscoveryIsServedUnderIssuerPath(t *testing.T, db *gorm.DB) {
	e := newTestEnv(t, db)
	resp, err := http.Get(e.issuer + "/.well-known/openid-configuration")
	require.NoError(t, err)
	var doc struct {
		Issuer                string   `json:"issuer"`
		AuthorizationEndpoint string   `json:"authorization_endpoint"`
		TokenEndpoint         string   `json:"token_endpoint"`
		UserinfoEndpoint      string   `json:"userinfo_endpoint"`
		JWKSURI               string   `json:"jwks_uri"`
		EndSessionEndpoint    string   `json:"end_session_endpoint"`
		ScopesSupported       []string `json:"scopes_supported"`
		CodeChallengeMethods  []string `json:"code_challenge_methods_supported"`
		GrantTypesSupported   []string `json:"grant_types_supported"`
	}
	decodeJSON(t, resp, &doc)
	require.Equal(t, e.issuer, doc.Issuer)
	require.Equal(t, e.issuer+"/authorize", doc.AuthorizationEndpoint)
	require.Equal(t, e.issuer+"/oauth/token", doc.TokenEndpoint)
	require.Equal(t, e.issuer+"/userinfo", doc.UserinfoEndpoint)
	require.Equal(t, e.issuer+"/keys", doc.JWKSURI)
	require.Equal(t, e.issuer+"/end_session", doc.EndSessionEndpoint)
	require.Subset(t, doc.ScopesSupported, identity.SupportedScopes())
	require.Equal(t, []string{"S256"}, doc.CodeChallengeMethods)
	require.Contains(t, doc.GrantTypesSupported, "refresh_token")

	resp, err = http.Get(doc.JWKSURI)
	require.NoError(t, err)
	var jwks struct {
		Keys []struct {
			Kid string `json:"kid"`
			Alg string `json:"alg"`
			Kty string `json:"kty"`
			Use string `json:"use"`
		} `json:"keys"`
	}
	decodeJSON(t, resp, &jwks)
	require.Len(t, jwks.Keys, 1)
	require.Equal(t, "RS256", jwks.Keys[0].Alg)
	require.Equal(t, "RSA", jwks.Keys[0].Kty)
	require.Equal(t, "sig", jwks.Keys[0].Use)
	require.NotEmpty(t, jwks.Keys[0].Kid)
}
