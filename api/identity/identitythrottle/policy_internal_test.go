package identitythrottle

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)

// step is one attempt in a policy scenario: at (after t0) it is admitted or refused.
type step struct {
	at       time.Duration
	admitted bool
	// notBefore: the key's NotBefore after the step, as an offset from t0 (0: none).
	notBefore time.Duration
	lockout   bool
}

// run plays steps on a fresh key and checks each answer.
func run(t *testing.T, l limits, steps []step) State {
	t.Helper()
	var s State
	for i, st := range steps {
		var a admission
		s, a = l.admit(s, t0.Add(st.at))
		require.Equal(t, st.admitted, a.admitted, "step %d admitted", i)
		require.Equal(t, st.lockout, a.lockout, "step %d starts a lockout", i)
		if st.notBefore == 0 {
			require.True(t, s.NotBefore.IsZero() || !s.NotBefore.After(t0.Add(st.at)), "step %d: no wait", i)
		} else {
			require.Equal(t, t0.Add(st.notBefore), s.NotBefore, "step %d NotBefore", i)
		}
		if !a.admitted {
			require.Equal(t, s.NotBefore, a.retryAt, "step %d: refused until NotBefore", i)
		}
	}
	return s
}

func TestAdmit_AccountDefaults(t *testing.T) {
	account := DefaultSettings().accountLimits()
	s := 1 * time.Second
	m := time.Minute
	tests := []struct {
		name  string
		steps []step
	}{
		{"four failures wait 0, 1, 2 and 4 s; the fifth locks for 1 minute", []step{
			{at: 0, admitted: true},
			{at: 0, admitted: true, notBefore: 1 * s},
			{at: 1 * s, admitted: true, notBefore: 3 * s},
			{at: 3 * s, admitted: true, notBefore: 7 * s},
			{at: 7 * s, admitted: true, notBefore: 7*s + 1*m, lockout: true},
		}},
		{"an attempt during a delay is refused and not counted", []step{
			{at: 0, admitted: true},
			{at: 0, admitted: true, notBefore: 1 * s},
			{at: 500 * time.Millisecond, admitted: false, notBefore: 1 * s},
			{at: 1 * s, admitted: true, notBefore: 3 * s},
		}},
		{"during a lockout even the right password is not read; after it the count starts over", []step{
			{at: 0, admitted: true},
			{at: 1 * s, admitted: true, notBefore: 2 * s},
			{at: 2 * s, admitted: true, notBefore: 4 * s},
			{at: 4 * s, admitted: true, notBefore: 8 * s},
			{at: 8 * s, admitted: true, notBefore: 8*s + m, lockout: true},
			{at: 8*s + 59*s, admitted: false, notBefore: 8*s + m},
			{at: 8*s + m, admitted: true},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { run(t, account, tc.steps) })
	}
}

func TestAdmit_LockoutsGrow1m5m15mThen1hEach(t *testing.T) {
	account := DefaultSettings().accountLimits()
	var s State
	now := t0
	var got []time.Duration
	for range 6 {
		for {
			var a admission
			s, a = account.admit(s, now)
			require.True(t, a.admitted)
			if a.lockout {
				got = append(got, a.setNotBefore.Sub(now))
				now = a.setNotBefore
				break
			}
			now = now.Add(account.delayAfter(s.Failures))
		}
	}
	require.Equal(t, []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, time.Hour, time.Hour}, got)
}

func TestAdmit_ClientAddressHasNoDelaysAndLocksAfterTwenty(t *testing.T) {
	client := DefaultSettings().clientLimits()
	var s State
	for i := 1; i <= 19; i++ {
		var a admission
		s, a = client.admit(s, t0)
		require.True(t, a.admitted, "attempt %d", i)
		require.True(t, a.setNotBefore.IsZero(), "attempt %d waits for nothing", i)
	}
	s, a := client.admit(s, t0)
	require.True(t, a.admitted)
	require.True(t, a.lockout, "the 20th failure locks the address")
	_, a = client.admit(s, t0.Add(30*time.Second))
	require.False(t, a.admitted)
	require.Equal(t, t0.Add(time.Minute), a.retryAt)
}

func TestAdmit_KeyQuietForForgetAfterStartsOver(t *testing.T) {
	account := DefaultSettings().accountLimits()
	s := State{Failures: 3, Lockouts: 3, LastFailure: t0, NotBefore: t0.Add(4 * time.Second)}
	tests := []struct {
		name        string
		after       time.Duration
		wantLevel   int
		wantFailure int
	}{
		{"a day later: from scratch", 24 * time.Hour, 0, 1},
		{"an hour later: same count and level", time.Hour, 3, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			next, a := account.admit(s, t0.Add(tc.after))
			require.True(t, a.admitted)
			require.Equal(t, tc.wantLevel, next.Lockouts)
			require.Equal(t, tc.wantFailure, next.Failures)
		})
	}
}

func TestTakeBack_RemovesTheAttemptsCountAndWhatItSetOnly(t *testing.T) {
	client := limits{maxFailures: 2, lockouts: []time.Duration{time.Minute}, forgetAfter: time.Hour}
	first, _ := client.admit(State{}, t0)
	locked, a := client.admit(first, t0)
	require.True(t, a.lockout)

	t.Run("a success that locked the address unlocks it", func(t *testing.T) {
		back := client.takeBack(locked, a)
		require.Equal(t, 1, back.Failures)
		require.Equal(t, 0, back.Lockouts)
		require.True(t, back.NotBefore.IsZero())
	})
	t.Run("a lockout set since by another attempt stays", func(t *testing.T) {
		later := locked
		later.NotBefore = t0.Add(2 * time.Minute)
		back := client.takeBack(later, a)
		require.Equal(t, t0.Add(2*time.Minute), back.NotBefore)
		require.Equal(t, 1, back.Lockouts)
	})
	t.Run("the count never goes below zero", func(t *testing.T) {
		require.Equal(t, 0, client.takeBack(State{}, admission{admitted: true}).Failures)
	})
}

func TestDelayAfter_NeverOverflowsWhateverTheFailureCount(t *testing.T) {
	l := limits{maxFailures: 1000, lockouts: []time.Duration{time.Minute}, delay: time.Second, forgetAfter: time.Hour}
	require.Equal(t, time.Duration(0), l.delayAfter(1))
	require.Equal(t, time.Second, l.delayAfter(2))
	require.Equal(t, 4*time.Second, l.delayAfter(4))
	require.Positive(t, l.delayAfter(999))
}

func TestExpiresAt_IsTheLaterOfForgetAfterAndTheLockoutsEnd(t *testing.T) {
	s := State{LastFailure: t0, NotBefore: t0.Add(time.Hour)}
	require.Equal(t, t0.Add(24*time.Hour), s.ExpiresAt(24*time.Hour))
	require.Equal(t, t0.Add(time.Hour), s.ExpiresAt(time.Minute))
}

func TestKeys_HashedCaseFreeEmailsAndIPv6ByTheirSlash64(t *testing.T) {
	tests := []struct {
		name     string
		a, b     string
		key      func(string) string
		sameUser bool
	}{
		{"e-mail case and spaces do not matter", "Casey@Example.com ", "casey@example.com", accountKey, true},
		{"two e-mails are two keys", "casey@example.com", "olivia@fleetco.example", accountKey, false},
		{"one IPv6 /64 is one client", "2001:db8:1:2:aaaa::1", "2001:db8:1:2:bbbb::2", clientKey, true},
		{"another /64 is another client", "2001:db8:1:2::1", "2001:db8:1:3::1", clientKey, false},
		{"an IPv4-mapped address is its IPv4 address", "::ffff:192.0.2.7", "192.0.2.7", clientKey, true},
		{"two IPv4 addresses are two clients", "192.0.2.7", "192.0.2.8", clientKey, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.sameUser, tc.key(tc.a) == tc.key(tc.b))
			require.NotContains(t, tc.key(tc.a), "@", "stored hashed")
		})
	}
}

func TestSettings_ZeroIsDefaultsAndNonsenseIsRefused(t *testing.T) {
	require.True(t, Settings{}.IsZero())
	require.NoError(t, DefaultSettings().Validate())
	broken := []struct {
		name   string
		change func(*Settings)
	}{
		{"no account failures", func(s *Settings) { s.AccountFailures = 0 }},
		{"no client failures", func(s *Settings) { s.ClientFailures = 0 }},
		{"no lockouts", func(s *Settings) { s.Lockouts = nil }},
		{"a zero lockout", func(s *Settings) { s.Lockouts = []time.Duration{time.Minute, 0} }},
		{"a negative delay", func(s *Settings) { s.Delay = -time.Second }},
		{"never forgetting", func(s *Settings) { s.ForgetAfter = 0 }},
	}
	for _, tc := range broken {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings()
			tc.change(&s)
			require.ErrorIs(t, s.Validate(), ErrInvalidSettings)
		})
	}
}
