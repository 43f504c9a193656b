package identity

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestLockoutNotice_SaysHowManyFailuresAndUntilWhenRoundedUp(t *testing.T) {
	until := time.Date(2026, 3, 3, 14, 1, 20, 0, time.FixedZone("UTC+2", 2*3600))
	tests := []struct {
		name     string
		failures int
		want     string
	}{
		{"one failure", 1, "wrong password for casey@example.com once."},
		{"several failures", 5, "wrong password for casey@example.com 5 times in a row."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := lockoutNotice("casey@example.com", tc.failures, until)
			require.NoError(t, m.Validate())
			require.Equal(t, []string{"casey@example.com"}, m.To)
			require.Contains(t, m.Text, tc.want)
			require.Contains(t, m.Text, "paused until 12:02 UTC on Tuesday 3 March 2026.")
		})
	}
}
