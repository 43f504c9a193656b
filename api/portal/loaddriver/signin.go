package loaddriver

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
)

var authRequestField = regexp.MustCompile(`name="authRequestID" value="([^"]+)"`)

// SignIn runs the embedded provider's authorization code + PKCE flow as the browser's OIDC
// client does: /idp/authorize, the sign-in form with email and password, the redirects back to
// base/oidc-callback, then the code exchange at /idp/oauth/token. It returns the access token.
// transport is shared; each sign-in has its own cookie jar, as each browser has.
func SignIn(ctx context.Context, transport http.RoundTripper, base, clientID, email, password string) (string, error) {
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{
		Transport: transport, Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	verifier := randomString()
	sum := sha256.Sum256([]byte(verifier))
	callback := base + "/oidc-callback"
	q := url.Values{
		"client_id": {clientID}, "redirect_uri": {callback}, "response_type": {"code"},
		"scope": {"openid profile email"}, "state": {randomString()}, "nonce": {randomString()},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"},
	}
	resp, _, err := send(ctx, browser, http.MethodGet, base+"/idp/authorize?"+q.Encode(), nil)
	if err != nil {
		return "", err
	}
	loginURL, err := next(resp, http.StatusFound)
	if err != nil {
		return "", fmt.Errorf("authorize: %w", err)
	}
	resp, page, err := send(ctx, browser, http.MethodGet, loginURL, nil)
	if err != nil {
		return "", err
	}
	m := authRequestField.FindStringSubmatch(page)
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("sign-in page: %w", StatusError{resp.StatusCode})
	}
	if m == nil {
		return "", errors.New("sign-in page: no authRequestID field")
	}
	form := url.Values{"authRequestID": {m[1]}, "email": {email}, "password": {password}}
	resp, _, err = send(ctx, browser, http.MethodPost, loginURL, form)
	if err != nil {
		return "", err
	}
	code := ""
	for range 5 {
		to, err := next(resp, http.StatusSeeOther, http.StatusFound)
		if err != nil {
			return "", fmt.Errorf("sign-in: %w", err)
		}
		if strings.HasPrefix(to, callback) {
			u, _ := url.Parse(to)
			code = u.Query().Get("code")
			break
		}
		if resp, _, err = send(ctx, browser, http.MethodGet, to, nil); err != nil {
			return "", err
		}
	}
	if code == "" {
		return "", errors.New("sign-in: no authorization code came back")
	}
	token := url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback},
		"code_verifier": {verifier}, "client_id": {clientID},
	}
	resp, body, err := send(ctx, browser, http.MethodPost, base+"/idp/oauth/token", token)
	if err != nil {
		return "", err
	}
	var answer struct {
		AccessToken string `json:"access_token"`
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("token exchange: %w", StatusError{resp.StatusCode})
	}
	if json.Unmarshal([]byte(body), &answer) != nil || answer.AccessToken == "" {
		return "", errors.New("token exchange: no access token")
	}
	return answer.AccessToken, nil
}

// StatusError is a step of the flow that answered an unexpected status.
type StatusError struct{ Status int }

func (e StatusError) Error() string { return fmt.Sprintf("status %d", e.Status) }

func send(ctx context.Context, c *http.Client, method, target string, form url.Values) (*http.Response, string, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return nil, "", err
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

// next is the absolute Location of a redirect answered with one of want.
func next(resp *http.Response, want ...int) (string, error) {
	for _, s := range want {
		if resp.StatusCode == s {
			loc, err := resp.Location()
			if err != nil {
				return "", err
			}
			return loc.String(), nil
		}
	}
	return "", StatusError{resp.StatusCode}
}

func randomString() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
