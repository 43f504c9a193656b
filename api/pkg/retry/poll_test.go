package retry_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/retry"
)

// A full batch is followed at once by another round; a short batch or a failure waits the
// interval (an hour here, so a round that did not wait would show as a fourth call).
func TestPoll_RunsAgainAtOnceOnlyAfterAFullBatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	claims := []int{5, 5, 2}
	var calls int
	var failures []error
	done := make(chan struct{})
	go func() {
		defer close(done)
		retry.Poll(ctx, time.Hour, 5, func(context.Context) (int, error) {
			calls++
			if calls > len(claims) {
				t.Errorf("round %d ran without waiting the interval", calls)
				return 0, nil
			}
			if calls == len(claims) {
				cancel()
			}
			return claims[calls-1], nil
		}, func(err error) { failures = append(failures, err) })
	}()
	<-done
	require.Equal(t, 3, calls)
	require.Empty(t, failures)
}

func TestPoll_ReportsAFailedRoundAndWaits(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	boom := errors.New("database down")
	var calls int
	var failures []error
	done := make(chan struct{})
	go func() {
		defer close(done)
		retry.Poll(ctx, time.Hour, 5, func(context.Context) (int, error) {
			calls++
			// A failed round that claimed a full batch still waits.
			return 5, boom
		}, func(err error) { failures = append(failures, err); cancel() })
	}()
	<-done
	require.Equal(t, 1, calls)
	require.Equal(t, []error{boom}, failures)
}
