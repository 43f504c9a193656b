package identityoidc_test

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identityoidc"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
)

// The independent provider's callback for this test: never served, the code is read from the
// redirect.
const callback = "http://127.0.0.1:9/callback"

// startIndependentIdp runs tooling/test-idp (panva's oidc-provider) as its own process and
// returns its issuer.
func startIndependentIdp(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "../../../tooling/test-idp")
	_, err := os.Stat(filepath.Join(dir, "node_modules/oidc-provider"))
	require.NoError(t, err, "the independent provider's modules are missing: run `CI=true pnpm install --frozen-lockfile`")
	node, err := exec.LookPath("node")
	require.NoError(t, err, "node is needed to run the independent provider")

	cmd := exec.Command(node, filepath.Join(dir, "server.mjs"), "--port", "0", "--redirect-uri", callback)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = io.Discard
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})

	ready := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if issuer, ok := strings.CutPrefix(lines.Text(), "test-idp ready "); ok {
				ready <- issuer
			}
		}
	}()
	select {
	case issuer := <-ready:
		return issuer
	case <-time.After(30 * time.Second):
		t.Fatal("the independent provider did not print its ready line in 30 s")
		return ""
	}
}

type tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	IDToken      string `json:"id_token"`
	TokenType    string `json:"token_type"`
}

// signIn walks the authorization code flow with PKCE as a browser would: the provider's login
// form, its consent form, then the code exchanged at the token endpoint.
func signIn(t *testing.T, doc map[string]any, email, password string) tokens {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	browser := &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if strings.HasPrefix(req.URL.String(), callback) {
			return http.ErrUseLastResponse
		}
		return nil
	}}

	verifier := rand.Text() + rand.Text()
	challenge := sha256.Sum256([]byte(verifier))
	authorize := doc["authorization_endpoint"].(string) + "?" + url.Values{
		"client_id":             {"service-portal"},
		"response_type":         {"code"},
		"redirect_uri":          {callback},
		"scope":                 {"openid profile email phone address roles organization offline_access"},
		"code_challenge":        {base64.RawURLEncoding.EncodeToString(challenge[:])},
		"code_challenge_method": {"S256"},
		"state":                 {"s-1"},
		"nonce":                 {"n-1"},
	}.Encode()

	res, err := browser.Get(authorize)
	require.NoError(t, err)
	login := readBody(t, res)
	require.Contains(t, login, "Independent IdP sign-in")
	res, err = browser.PostForm(res.Request.URL.String()+"/login", url.Values{"email": {email}, "password": {password}})
	require.NoError(t, err)
	consent := readBody(t, res)
	require.Contains(t, consent, "Allow access", consent)
	res, err = browser.PostForm(res.Request.URL.String()+"/confirm", nil)
	require.NoError(t, err)
	_ = readBody(t, res)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	back, err := url.Parse(res.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, "s-1", back.Query().Get("state"))
	code := back.Query().Get("code")
	require.NotEmpty(t, code, back.String())

	return token(t, doc, url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback},
		"client_id": {"service-portal"}, "code_verifier": {verifier},
	})
}

func token(t *testing.T, doc map[string]any, form url.Values) tokens {
	t.Helper()
	res, err := http.PostForm(doc["token_endpoint"].(string), form)
	require.NoError(t, err)
	body := readBody(t, res)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	var tok tokens
	require.NoError(t, json.Unmarshal([]byte(body), &tok))
	return tok
}

func readBody(t *testing.T, res *http.Response) string {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}

func TestIntegrationIndependentProvider_ProfilesAndRolesOfItsUsers(t *testing.T) {
	issuer := startIndependentIdp(t)

	res, err := http.Get(issuer + "/.well-known/openid-configuration")
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(readBody(t, res)), &doc))
	require.NotEmpty(t, doc["end_session_endpoint"], "sign-out goes through the provider")

	discovery := auth.NewDiscovery(issuer, nil)
	meta, err := discovery.Metadata(t.Context())
	require.NoError(t, err)
	require.Equal(t, doc["userinfo_endpoint"], meta.UserinfoEndpoint)
	verifier := auth.NewDiscoveringVerifier(auth.OIDCConfig{
		Issuer: issuer, Audience: "service-portal", ClientID: "service-portal", RolesClaim: "roles",
	}, discovery)
	source := identityoidc.New(identityoidc.Config{ClientID: "service-portal", Paths: paths}, discovery, cache.NewMemory(100), testkit.Quiet())

	t.Run("a customer who exists only in this provider", func(t *testing.T) {
		tok := signIn(t, doc, "riley.quinn@independent.example", "Independent-Idp-2026")
		require.NotEmpty(t, tok.RefreshToken, "the browser renews silently with a refresh token")

		caller, err := verifier.Verify(t.Context(), tok.AccessToken)
		require.NoError(t, err, "a JWT access token for the portal's audience")
		require.Equal(t, "ind-7c1e4a90-riley", caller.Subject)
		require.Equal(t, []string{"customer"}, caller.ClientRoles)

		// This provider answers userinfo only for tokens issued to userinfo itself, never for a
		// resource server's token: the portal asks, is refused, and uses the token's claims.
		req, _ := http.NewRequest(http.MethodGet, meta.UserinfoEndpoint, nil)
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = readBody(t, res)
		require.Equal(t, http.StatusUnauthorized, res.StatusCode)

		profile, err := source.Profile(t.Context(), caller, tok.AccessToken)
		require.NoError(t, err)
		require.Equal(t, "riley.quinn@independent.example", profile.Email)
		require.Equal(t, "Riley", profile.FirstName)
		require.Equal(t, "Quinn", profile.LastName)
		require.Equal(t, "Quinn Surveying", profile.Company)
		require.Equal(t, "Field Lead", profile.Position)
		require.Equal(t, "7375550163", profile.Phone)
		require.Equal(t, "US", profile.PhoneCountryCode)
		require.Equal(t, "4100 Lakeline Blvd", profile.Address.Shipping.Line1)
		require.Equal(t, "Suite 210", profile.Address.Shipping.Line2)
		require.Equal(t, "Cedar Park", profile.Address.Shipping.City)
		require.Equal(t, "TX", profile.Address.Shipping.State)
		require.Equal(t, "78613", profile.Address.Shipping.PostalCode)
		require.Equal(t, "US", profile.Address.Shipping.Country)
		require.Equal(t, []string{"service-portal:customer"}, profile.Roles)
		require.Equal(t, "Quinn Surveying LLC", profile.Org.Name)
		require.InDelta(t, 5, profile.Flags.RMA.FlatDiscountPercentage, 0)

		renewed := token(t, doc, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {"service-portal"}})
		again, err := verifier.Verify(t.Context(), renewed.AccessToken)
		require.NoError(t, err)
		require.Equal(t, caller.Subject, again.Subject)
	})

	t.Run("a user without a role of the portal", func(t *testing.T) {
		tok := signIn(t, doc, "jordan.lee@independent.example", "Independent-Idp-2026")
		caller, err := verifier.Verify(t.Context(), tok.AccessToken)
		require.NoError(t, err)
		require.Empty(t, caller.ClientRoles)

		profile, err := source.Profile(t.Context(), caller, tok.AccessToken)
		require.NoError(t, err)
		require.Equal(t, "Jordan", profile.FirstName)
		require.Equal(t, "Lee", profile.LastName)
		require.Equal(t, "GB", profile.PhoneCountryCode)
		require.Equal(t, []string{"fleet-app:viewer"}, profile.Roles)
	})
}
