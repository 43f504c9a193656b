package identitycore_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identitycore"
)

func TestRetryText_RoundsUpAndNamesTheUTCClockRoundedUpFromAMinute(t *testing.T) {
	now := time.Date(2026, 3, 3, 23, 50, 10, 0, time.UTC)
	tests := []struct {
		name string
		wait time.Duration
		want string
	}{
		{"already over", -time.Second, "in 1 second"},
		{"part of a second", 300 * time.Millisecond, "in 1 second"},
		{"seconds", 4 * time.Second, "in 4 seconds"},
		{"just under a minute", 59*time.Second + time.Millisecond, "in 1 minute (at 23:52 UTC)"},
		{"a minute", time.Minute, "in 1 minute (at 23:52 UTC)"},
		{"ending on a whole minute", time.Minute + 50*time.Second, "in 2 minutes (at 23:52 UTC)"},
		{"minutes round up", 4*time.Minute + time.Second, "in 5 minutes (at 23:55 UTC)"},
		{"an hour, into the next day", time.Hour, "in 1 hour (at 00:51 UTC on 4 March)"},
		{"hours and minutes", 90 * time.Minute, "in 1 hour 30 minutes (at 01:21 UTC on 4 March)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, identitycore.RetryText(now, now.Add(tc.wait)))
		})
	}
}

func TestTooManyAttempts_IsTheSentinel(t *testing.T) {
	var err error = &identitycore.TooManyAttempts{RetryAt: time.Now()}
	require.ErrorIs(t, err, identitycore.ErrTooManyAttempts)
}
