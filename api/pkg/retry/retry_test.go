package retry_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/retry"
)

func TestBackoff_DoublesFromBaseUpToMax(t *testing.T) {
	b := retry.Backoff{Base: 30 * time.Second, Max: time.Hour}
	tests := []struct {
		attempt int
		want    time.Duration
	}{
		{0, 30 * time.Second},
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{7, 32 * time.Minute},
		{8, time.Hour},
		{math.MaxInt, time.Hour},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, b.After(tt.attempt), "attempt %d", tt.attempt)
	}
}
