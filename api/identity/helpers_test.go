package identity_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	gooidc "github.com/coreos/go-oidc/v3/oidc"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identitydb"
)

const (
	clientID  = "service-portal"
	appOrigin = "http://127.0.0.1:8080" // the portal's origin; redirects to it are never followed
	callback  = appOrigin + "/oidc-callback"
	allScopes = "openid profile email roles address phone organization offline_access"
)

// testEnv is a provider served by an httptest server under /idp.
type testEnv struct {
	t       *testing.T
	db      *gorm.DB
	dataDir string
	issuer  string
	srv     *httptest.Server
	p       *identity.Provider
	// configure, when set, changes the Config of every provider the env builds.
	configure func(*identity.Config)
}

func newTestEnv(t *testing.T, db *gorm.DB) *testEnv {
	return newTestEnvWith(t, db, nil)
}

// newTestEnvWith is newTestEnv with configure applied to the provider's Config (a clock, the
// outbox, metrics, sign-in limits).
func newTestEnvWith(t *testing.T, db *gorm.DB, configure func(*identity.Config)) *testEnv {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	e := &testEnv{t: t, db: db, dataDir: t.TempDir(), srv: srv, configure: configure}
	e.issuer = "http://" + srv.Listener.Addr().String() + "/idp"
	// Schema and demo users first, as `portal migrate` and `portal seed` provide them.
	require.NoError(t, identitydb.Migrate(t.Context(), db))
	require.NoError(t, identity.SeedDemoUsers(t.Context(), db, clientID, nil))
	e.p = e.newProvider()
	srv.Config.Handler = withTestClientAddress(e.p.Handler())
	srv.Start()
	t.Cleanup(srv.Close)
	return e
}

// testClientAddressHeader carries, in tests, the client address the portal would derive (Gin's
// ClientIP) and hand to the provider with identity.WithClientAddress.
const testClientAddressHeader = "X-Test-Client-Address"

func withTestClientAddress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get(testClientAddressHeader); a != "" {
			r = r.WithContext(identity.WithClientAddress(r.Context(), a))
		}
		next.ServeHTTP(w, r)
	})
}

// newProvider builds another provider on the same database and DataDir, as a second
// process (the dev-token command) would.
func (e *testEnv) newProvider() *identity.Provider {
	e.t.Helper()
	cfg := identity.Config{
		Issuer:          e.issuer,
		ClientID:        clientID,
		RedirectOrigins: []string{appOrigin},
		DataDir:         e.dataDir,
		DB:              e.db,
	}
	if e.configure != nil {
		e.configure(&cfg)
	}
	p, err := identity.New(context.Background(), cfg)
	require.NoError(e.t, err)
	return p
}

// verifier checks tokens the way the portal's APIs do: go-oidc, audience service-portal,
// keys taken in-process from the provider.
func verifier(issuer string, p *identity.Provider) *gooidc.IDTokenVerifier {
	return gooidc.NewVerifier(issuer, &gooidc.StaticKeySet{PublicKeys: p.PublicKeys()}, &gooidc.Config{ClientID: clientID})
}

type accessClaims struct {
	Email      string         `json:"email"`
	GivenName  string         `json:"given_name"`
	FamilyName string         `json:"family_name"`
	Roles      []string       `json:"roles"`
	Org        *identity.Org  `json:"org"`
	Flags      identity.Flags `json:"flags"`
	Scope      string         `json:"scope"`
	ClientID   string         `json:"client_id"`
	JTI        string         `json:"jti"`
}

func (e *testEnv) verifyAccessToken(p *identity.Provider, raw string) (*gooidc.IDToken, accessClaims) {
	e.t.Helper()
	tok, err := verifier(e.issuer, p).Verify(context.Background(), raw)
	require.NoError(e.t, err)
	var c accessClaims
	require.NoError(e.t, tok.Claims(&c))
	return tok, c
}

// browser is a user agent with its own cookies that does not follow redirects.
type browser struct {
	t *testing.T
	c *http.Client
}

func (e *testEnv) newBrowser() *browser {
	jar, err := cookiejar.New(nil)
	require.NoError(e.t, err)
	return &browser{t: e.t, c: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       30 * time.Second,
	}}
}

func (b *browser) get(rawURL string) (*http.Response, string) {
	b.t.Helper()
	resp, err := b.c.Get(rawURL)
	require.NoError(b.t, err)
	return resp, readBody(b.t, resp)
}

func (b *browser) postForm(rawURL string, form url.Values) (*http.Response, string) {
	b.t.Helper()
	resp, err := b.c.PostForm(rawURL, form)
	require.NoError(b.t, err)
	return resp, readBody(b.t, resp)
}

func readBody(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(body)
}

// absolute resolves a Location header against the test server.
func (e *testEnv) absolute(resp *http.Response) string {
	e.t.Helper()
	loc, err := resp.Location()
	require.NoError(e.t, err)
	return loc.String()
}

type pkce struct{ verifier, challenge string }

func newPKCE() pkce {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	v := base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(v))
	return pkce{verifier: v, challenge: base64.RawURLEncoding.EncodeToString(sum[:])}
}

// authorizeURL is the request oidc-client-ts sends.
func (e *testEnv) authorizeURL(redirectURI, scope string, pk pkce, extra url.Values) string {
	q := url.Values{
		"client_id":             {clientID},
		"redirect_uri":          {redirectURI},
		"response_type":         {"code"},
		"scope":                 {scope},
		"state":                 {"st-123"},
		"nonce":                 {"nonce-456"},
		"code_challenge":        {pk.challenge},
		"code_challenge_method": {"S256"},
	}
	for k, v := range extra {
		q[k] = v
	}
	return e.issuer + "/authorize?" + q.Encode()
}

// openLoginPage follows /authorize to the sign-in form and returns the form's URL and the
// auth request id in its hidden field.
func (e *testEnv) openLoginPage(b *browser, scope string, pk pkce) (loginURL, authRequestID string) {
	e.t.Helper()
	resp, _ := b.get(e.authorizeURL(callback, scope, pk, nil))
	require.Equal(e.t, http.StatusFound, resp.StatusCode)
	loginURL = e.absolute(resp)
	require.Contains(e.t, loginURL, "/idp/login?authRequestID=")

	resp, body := b.get(loginURL)
	require.Equal(e.t, http.StatusOK, resp.StatusCode)
	m := regexp.MustCompile(`name="authRequestID" value="([^"]+)"`).FindStringSubmatch(body)
	require.NotNil(e.t, m, "hidden authRequestID field")
	return loginURL, m[1]
}

// signIn posts the form and follows the redirect through the op callback to the client's
// redirect URI; it returns the authorization code.
func (e *testEnv) signIn(b *browser, email, password, scope string, pk pkce) string {
	e.t.Helper()
	loginURL, id := e.openLoginPage(b, scope, pk)
	resp, body := b.postForm(loginURL, url.Values{"authRequestID": {id}, "email": {email}, "password": {password}})
	require.Equal(e.t, http.StatusSeeOther, resp.StatusCode, body)
	return e.followToCode(b, resp)
}

// followToCode follows the provider's redirects until the one that leaves for the client.
func (e *testEnv) followToCode(b *browser, resp *http.Response) string {
	e.t.Helper()
	for range 5 {
		next := e.absolute(resp)
		if strings.HasPrefix(next, appOrigin) {
			u, err := url.Parse(next)
			require.NoError(e.t, err)
			require.Empty(e.t, u.Query().Get("error"), next)
			require.Equal(e.t, "st-123", u.Query().Get("state"))
			code := u.Query().Get("code")
			require.NotEmpty(e.t, code)
			return code
		}
		resp, _ = b.get(next)
		require.Equal(e.t, http.StatusFound, resp.StatusCode)
	}
	e.t.Fatal("too many redirects")
	return ""
}

type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	IDToken      string `json:"id_token"`
	RefreshToken string `json:"refresh_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	Scope        string `json:"scope"`
	Error        string `json:"error"`
}

func (e *testEnv) tokenRequest(form url.Values) (int, tokenResponse) {
	e.t.Helper()
	form.Set("client_id", clientID)
	resp, err := http.PostForm(e.issuer+"/oauth/token", form)
	require.NoError(e.t, err)
	body := readBody(e.t, resp)
	var tr tokenResponse
	require.NoError(e.t, json.Unmarshal([]byte(body), &tr), body)
	return resp.StatusCode, tr
}

func (e *testEnv) exchangeCode(code, codeVerifier string) (int, tokenResponse) {
	e.t.Helper()
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback}}
	if codeVerifier != "" {
		form.Set("code_verifier", codeVerifier)
	}
	return e.tokenRequest(form)
}

func (e *testEnv) refresh(refreshToken string) (int, tokenResponse) {
	e.t.Helper()
	return e.tokenRequest(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}})
}

// login runs the whole code + PKCE flow for a user and returns the token response.
func (e *testEnv) login(email, scope string) tokenResponse {
	e.t.Helper()
	pk := newPKCE()
	code := e.signIn(e.newBrowser(), email, identity.DemoPassword, scope, pk)
	status, tr := e.exchangeCode(code, pk.verifier)
	require.Equal(e.t, http.StatusOK, status, tr.Error)
	return tr
}

func (e *testEnv) userinfo(accessToken string) (int, map[string]any) {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.issuer+"/userinfo", nil)
	require.NoError(e.t, err)
	req.Header.Set("Authorization", "Bearer "+accessToken)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(e.t, err)
	body := readBody(e.t, resp)
	var m map[string]any
	if resp.StatusCode == http.StatusOK {
		require.NoError(e.t, json.Unmarshal([]byte(body), &m), body)
	}
	return resp.StatusCode, m
}

func decodeJSON(t *testing.T, resp *http.Response, v any) {
	t.Helper()
	body := readBody(t, resp)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	require.NoError(t, json.Unmarshal([]byte(body), v), body)
}

// claimNames lists the claim names of a JWT's payload (not verified: for shape checks).
func claimNames(t *testing.T, jwt string) []string {
	t.Helper()
	parts := strings.Split(jwt, ".")
	require.Len(t, parts, 3)
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(payload, &m))
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	return names
}
