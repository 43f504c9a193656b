package identitythrottle

import "time"

// State is what the throttle remembers of one key (an e-mail or a client address). The zero
// State is a key with no failure.
type State struct {
	// Failures are the attempts counted since the key last started over (a success, a lockout
	// that ended, ForgetAfter without failure). An attempt counts when it is admitted, before
	// its password is checked, so parallel attempts cannot all slip in before the first failure
	// is known; a success takes its count back.
	Failures int
	// Lockouts is how many lockouts the key has had; the next one lasts Lockouts[Lockouts].
	Lockouts int
	// NotBefore: no attempt is read before this moment (a delay or a lockout).
	NotBefore time.Time
	// LastFailure is when the last attempt was counted.
	LastFailure time.Time
}

// ExpiresAt is when the key can be forgotten: ForgetAfter after its last failure, or the end
// of its lockout if that is later.
func (s State) ExpiresAt(forgetAfter time.Duration) time.Time {
	end := s.LastFailure.Add(forgetAfter)
	if s.NotBefore.After(end) {
		return s.NotBefore
	}
	return end
}

// limits are the rules for one kind of key.
type limits struct {
	maxFailures int
	lockouts    []time.Duration
	delay       time.Duration // after the 2nd failure, doubled after each further one; 0: none
	forgetAfter time.Duration
}

// admission is the throttle's answer for one key and one attempt.
type admission struct {
	admitted bool
	// retryAt, when refused: the key's NotBefore.
	retryAt time.Time
	// setNotBefore is the NotBefore this attempt set (a delay or a lockout), zero if none: a
	// success takes it back only while it is still the key's.
	setNotBefore time.Time
	// lockout: this attempt started a lockout that ends at setNotBefore.
	lockout bool
}

// admit decides an attempt on a key in state s at now, and returns the key's next state.
func (l limits) admit(s State, now time.Time) (State, admission) {
	if s.LastFailure.IsZero() || (now.Sub(s.LastFailure) >= l.forgetAfter && !now.Before(s.NotBefore)) {
		s = State{}
	}
	if now.Before(s.NotBefore) {
		return s, admission{retryAt: s.NotBefore}
	}
	if s.Failures >= l.maxFailures {
		s.Failures = 0 // its lockout is over: count afresh, at the next lockout's level
	}
	s.Failures++
	s.LastFailure = now
	a := admission{admitted: true}
	switch {
	case s.Failures >= l.maxFailures:
		s.NotBefore = now.Add(l.lockoutAfter(s.Lockouts))
		s.Lockouts++
		a.setNotBefore, a.lockout = s.NotBefore, true
	case l.delayAfter(s.Failures) > 0:
		s.NotBefore = now.Add(l.delayAfter(s.Failures))
		a.setNotBefore = s.NotBefore
	}
	return s, a
}

// takeBack removes a successful attempt's count from s, and the delay or lockout it set if
// nothing has replaced it since.
func (l limits) takeBack(s State, a admission) State {
	if s.Failures > 0 {
		s.Failures--
	}
	if !a.setNotBefore.IsZero() && s.NotBefore.Equal(a.setNotBefore) {
		s.NotBefore = time.Time{}
		if a.lockout && s.Lockouts > 0 {
			s.Lockouts--
		}
	}
	return s
}

// lockoutAfter is the length of a key's lockout when it has had n before.
func (l limits) lockoutAfter(n int) time.Duration {
	if n >= len(l.lockouts) {
		return l.lockouts[len(l.lockouts)-1]
	}
	return l.lockouts[n]
}

// delayAfter is the wait after a key's failures-th failure (short of a lockout).
func (l limits) delayAfter(failures int) time.Duration {
	if l.delay <= 0 || failures < 2 {
		return 0
	}
	shift := min(failures-2, 20) // no overflow whatever maxFailures is configured to
	return l.delay << shift
}
