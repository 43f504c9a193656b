package identity_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

// signInCounts records what the provider reports through identity.SignInMetrics.
type signInCounts struct {
	mu              sync.Mutex
	failed, refused int
	lockoutsByScope map[string]int
}

func (s *signInCounts) SignInFailed()  { s.mu.Lock(); s.failed++; s.mu.Unlock() }
func (s *signInCounts) SignInRefused() { s.mu.Lock(); s.refused++; s.mu.Unlock() }
func (s *signInCounts) SignInLockedOut(scope string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lockoutsByScope == nil {
		s.lockoutsByScope = map[string]int{}
	}
	s.lockoutsByScope[scope]++
}

// signInEnv is a provider with a test clock at 14:00:00 UTC, the portal's outbox and recorded
// metrics, on the default sign-in limits.
type signInEnv struct {
	*testEnv
	clock   *testkit.Clock
	metrics *signInCounts
}

func newSignInEnv(t *testing.T, gdb *gorm.DB) *signInEnv {
	t.Helper()
	require.NoError(t, mail.Migrate(t.Context(), gdb))
	s := &signInEnv{clock: testkit.NewClock(time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)), metrics: &signInCounts{}}
	s.testEnv = newTestEnvWith(t, gdb, func(cfg *identity.Config) {
		cfg.Now = s.clock.Now
		cfg.Mail = mail.NewOutbox(gdb)
		cfg.Metrics = s.metrics
	})
	return s
}

// signInPage is one answer of the sign-in form.
type signInPage struct {
	status     int
	retryAfter string
	message    string // the alert's text, "" if none
	body       string
	cookies    []*http.Cookie
}

var alertText = regexp.MustCompile(`<p class="error" role="alert">([^<]*)</p>`)

// post sends the form of auth request id from client address (as the portal would set it).
func (e *signInEnv) post(b *browser, loginURL, id, client, email, password string) signInPage {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, loginURL, strings.NewReader(url.Values{
		"authRequestID": {id}, "email": {email}, "password": {password},
	}.Encode()))
	require.NoError(e.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set(testClientAddressHeader, client)
	resp, err := b.c.Do(req)
	require.NoError(e.t, err)
	body := readBody(e.t, resp)
	page := signInPage{status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After"), body: body, cookies: resp.Cookies()}
	if m := alertText.FindStringSubmatch(body); m != nil {
		page.message = m[1]
	}
	return page
}

// TestIntegrationSignIn_FifthFailureLocksOutAndTheRightPasswordWaits: 5 wrong passwords (past
// their 1, 2 and 4 s delays) lock the e-mail for a minute; the page says so at once and until
// then refuses the right password too; a minute later it signs in.
func TestIntegrationSignIn_FifthFailureLocksOutAndTheRightPasswordWaits(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newSignInEnv(t, gdb)
		b := e.newBrowser()
		loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
		const client = "203.0.113.10"
		for i := 1; i <= 4; i++ {
			page := e.post(b, loginURL, id, client, "casey@example.com", "wrong-"+string(rune('0'+i)))
			require.Equal(t, http.StatusOK, page.status, "failure %d", i)
			require.Equal(t, "Invalid email or password.", page.message)
			e.clock.Advance(5 * time.Second)
		}
		page := e.post(b, loginURL, id, client, "casey@example.com", "wrong-5")
		require.Equal(t, http.StatusTooManyRequests, page.status)
		require.Equal(t, "60", page.retryAfter)
		require.Equal(t, "Too many failed sign-in attempts. Try again in 1 minute (at 14:02 UTC).", page.message)
		require.Contains(t, page.body, `value="casey@example.com"`, "the e-mail stays filled in")

		e.clock.Advance(30 * time.Second)
		page = e.post(b, loginURL, id, client, "casey@example.com", identity.DemoPassword)
		require.Equal(t, http.StatusTooManyRequests, page.status, "the right password during the lockout")
		require.Equal(t, "30", page.retryAfter)
		require.Empty(t, page.cookies, "no session")

		e.clock.Advance(30 * time.Second)
		page = e.post(b, loginURL, id, client, "casey@example.com", identity.DemoPassword)
		require.Equal(t, http.StatusSeeOther, page.status, "signed in once the lockout is over")
	})
}

// TestSignIn_UnknownEmailIsThrottledExactlyLikeAKnownOne: the same attempts for a known and an
// unknown e-mail get the same statuses, Retry-After and pages, apart from the e-mail itself.
func TestSignIn_UnknownEmailIsThrottledExactlyLikeAKnownOne(t *testing.T) {
	answers := func(email string) []string {
		e := newSignInEnv(t, testkit.SQLite(t))
		b := e.newBrowser()
		loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
		var out []string
		for _, step := range []struct {
			password string
			wait     time.Duration
		}{
			{"wrong", 0}, {"wrong", 0}, {"wrong", 0}, // the third comes during the 1 s delay
			{"wrong", 2 * time.Second}, {"wrong", 5 * time.Second}, {"wrong", 5 * time.Second},
			{identity.DemoPassword, 10 * time.Second}, {identity.DemoPassword, time.Minute},
		} {
			e.clock.Advance(step.wait)
			p := e.post(b, loginURL, id, "203.0.113.20", email, step.password)
			body := strings.ReplaceAll(strings.ReplaceAll(p.body, id, "ID"), email, "EMAIL")
			out = append(out, strings.Join([]string{http.StatusText(p.status), p.retryAfter, p.message, body}, "\n"))
		}
		return out
	}
	known, unknown := answers("casey@example.com"), answers("nobody@example.com")
	require.Len(t, known, 8)
	for i := range 7 { // the last one signs casey in
		require.Equal(t, known[i], unknown[i], "answer %d", i+1)
	}
	require.Contains(t, known[2], "Too many failed sign-in attempts. Try again in 1 second.")
	require.Contains(t, known[5], "Too many failed sign-in attempts. Try again in 1 minute")
}

// TestIntegrationSignIn_LockoutEmailsTheAccountHolderOncePerLockout: each lockout of a known
// account queues one e-mail to its holder, saying until when; refused attempts queue none, and
// an unknown e-mail has nobody to write to.
func TestIntegrationSignIn_LockoutEmailsTheAccountHolderOncePerLockout(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newSignInEnv(t, gdb)
		b := e.newBrowser()
		loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
		lockOut := func(email string) {
			for {
				page := e.post(b, loginURL, id, "203.0.113.30", email, "wrong")
				e.clock.Advance(5 * time.Second)
				if page.status == http.StatusTooManyRequests {
					return
				}
			}
		}
		lockOut("nobody@example.com")
		lockOut("casey@example.com")
		for range 3 {
			e.post(b, loginURL, id, "203.0.113.30", "casey@example.com", "wrong")
		}
		e.clock.Advance(time.Minute)
		lockOut("casey@example.com")

		sent, err := mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Len(t, sent, 2, "two lockouts of casey, none of the unknown e-mail")
		for _, m := range sent {
			require.Equal(t, []string{"casey@example.com"}, m.Message.To)
			require.Equal(t, "Sign-in to your Rugged Service Portal account is paused", m.Message.Subject)
			require.Contains(t, m.Message.Text, "5 times in a row")
			require.NotContains(t, m.Message.Text, "203.0.113.30", "no address of the attempts")
		}
		require.Contains(t, sent[0].Message.Text, "until 14:02 UTC on Tuesday 3 March 2026")
		require.Contains(t, sent[1].Message.Text, "until 14:08 UTC on Tuesday 3 March 2026", "the second lockout lasts 5 minutes")
	})
}

// TestSignIn_MetricsCountFailuresRefusalsAndLockouts: every wrong password, every refusal and
// every lockout (by scope) reaches the metrics.
func TestSignIn_MetricsCountFailuresRefusalsAndLockouts(t *testing.T) {
	e := newSignInEnv(t, testkit.SQLite(t))
	b := e.newBrowser()
	loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
	for i := range 20 { // 20 e-mails, one failure each, from one address: the address locks
		e.post(b, loginURL, id, "203.0.113.40", "user"+string(rune('a'+i))+"@example.com", "wrong")
	}
	page := e.post(b, loginURL, id, "203.0.113.40", "casey@example.com", identity.DemoPassword)
	require.Equal(t, http.StatusTooManyRequests, page.status, "the address is locked, whatever the e-mail")
	for range 5 {
		e.post(b, loginURL, id, "203.0.113.41", "casey@example.com", "wrong")
		e.clock.Advance(5 * time.Second)
	}
	e.post(b, loginURL, id, "203.0.113.42", "casey@example.com", identity.DemoPassword)

	require.Equal(t, 25, e.metrics.failed)
	require.Equal(t, 2, e.metrics.refused)
	require.Equal(t, map[string]int{identity.LockoutScopeClient: 1, identity.LockoutScopeAccount: 1}, e.metrics.lockoutsByScope)
}

// TestSignIn_WithoutThePortalsAddressTheConnectionsIsCounted: a request the portal did not
// label is counted by its remote address (here the loopback of the test server).
func TestSignIn_WithoutThePortalsAddressTheConnectionsIsCounted(t *testing.T) {
	e := newSignInEnv(t, testkit.SQLite(t))
	b := e.newBrowser()
	loginURL, id := e.openLoginPage(b, allScopes, newPKCE())
	for i := range 20 {
		e.post(b, loginURL, id, "", "user"+string(rune('a'+i))+"@example.com", "wrong")
	}
	require.Equal(t, http.StatusTooManyRequests, e.post(b, loginURL, id, "", "casey@example.com", identity.DemoPassword).status)
	require.Equal(t, http.StatusSeeOther, e.post(b, loginURL, id, "203.0.113.50", "casey@example.com", identity.DemoPassword).status,
		"another address is not locked")
}
