package telemetry

import (
	"fmt"
	"slices"

	"github.com/prometheus/client_golang/prometheus"
)

// SignIns counts what the embedded provider's sign-in throttle does. Its methods are those of
// identity.SignInMetrics (pkg cannot import identity; compose hands one to the other).
type SignIns struct {
	failures prometheus.Counter
	refused  prometheus.Counter
	lockouts *prometheus.CounterVec
}

// Lockout scopes, as identity.LockoutScopeAccount and LockoutScopeClient name them; no other
// value becomes a label.
var signInLockoutScopes = []string{"account", "client"}

// SignIns registers and returns the sign-in counters: portal_idp_sign_in_failures_total,
// portal_idp_sign_in_refused_total and portal_idp_sign_in_lockouts_total{scope}. Only the process
// that serves the embedded provider calls it, once.
func (t *Telemetry) SignIns() (*SignIns, error) {
	s := &SignIns{
		failures: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: namespace, Name: "idp_sign_in_failures_total",
			Help: "Sign-ins with a wrong e-mail or password at the embedded provider.",
		}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: namespace, Name: "idp_sign_in_refused_total",
			Help: "Sign-in attempts refused unread during a delay or a lockout after failed attempts.",
		}),
		lockouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "idp_sign_in_lockouts_total",
			Help: "Lockouts started by failed sign-ins, by scope: account (an e-mail) or client (an address).",
		}, []string{"scope"}),
	}
	for _, c := range []prometheus.Collector{s.failures, s.refused, s.lockouts} {
		if err := t.registry.Register(c); err != nil {
			return nil, fmt.Errorf("telemetry: sign-in metrics: %w", err)
		}
	}
	// Every scope exists from the start, so a rate is defined before the first lockout.
	for _, scope := range signInLockoutScopes {
		s.lockouts.WithLabelValues(scope)
	}
	return s, nil
}

// SignInFailed counts a wrong e-mail or password.
func (s *SignIns) SignInFailed() { s.failures.Inc() }

// SignInRefused counts an attempt refused during a delay or lockout.
func (s *SignIns) SignInRefused() { s.refused.Inc() }

// SignInLockedOut counts a lockout of scope ("account" or "client"); another scope is a
// programming error and is counted nowhere.
func (s *SignIns) SignInLockedOut(scope string) {
	if slices.Contains(signInLockoutScopes, scope) {
		s.lockouts.WithLabelValues(scope).Inc()
	}
}
