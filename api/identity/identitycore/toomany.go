package identitycore

import (
	"strconv"
	"time"

	"rugged.example/portal/api/pkg/fault"
)

// ErrTooManyAttempts: sign-in is refused for now, after too many failed attempts for the
// e-mail or from the client's address. It says nothing of whether the e-mail has an account:
// an unknown e-mail is throttled and locked exactly like a known one.
var ErrTooManyAttempts = fault.New(fault.KindTooMany, "identity.tooManySignInAttempts",
	"Too many failed sign-in attempts.")

// TooManyAttempts is a refused or locked-out sign-in: it unwraps to ErrTooManyAttempts and says
// when the next attempt will be read.
type TooManyAttempts struct {
	RetryAt time.Time
}

func (e *TooManyAttempts) Error() string { return ErrTooManyAttempts.Error() }
func (e *TooManyAttempts) Unwrap() error { return ErrTooManyAttempts }

// RetryText says when a refused sign-in may try again, for a person reading it at now:
// "in 30 seconds", "in 5 minutes (at 14:32 UTC)", "in 1 hour 30 minutes (at 01:15 UTC on 4
// March)". Waits are rounded up, so the moment named is never too early.
func RetryText(now, at time.Time) string {
	wait := at.Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	seconds := int((wait + time.Second - 1) / time.Second)
	if seconds < 60 {
		return "in " + count(seconds, "second")
	}
	minutes := (seconds + 59) / 60
	text := "in " + count(minutes, "minute")
	if minutes >= 60 {
		text = "in " + count(minutes/60, "hour")
		if rest := minutes % 60; rest > 0 {
			text += " " + count(rest, "minute")
		}
	}
	at = CeilMinute(at)
	clock := at.Format("15:04") + " UTC"
	if y, m, d := now.UTC().Date(); at.Year() != y || at.Month() != m || at.Day() != d {
		clock += " on " + at.Format("2 January")
	}
	return text + " (at " + clock + ")"
}

// CeilMinute is t in UTC rounded up to the minute: a clock time to come back at that is never
// before t.
func CeilMinute(t time.Time) time.Time {
	return t.UTC().Add(time.Minute - time.Nanosecond).Truncate(time.Minute)
}

func count(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
