package rma_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

func TestFeed_ClampsTheBatch(t *testing.T) {
	store := &changes{}
	f := rma.NewFeed(store)
	for _, tc := range []struct{ after, limit, wantAfter, wantLimit int }{
		{5, 0, 5, 1}, {5, 50, 5, 50}, {-3, 5000, 0, rma.FeedMaxBatch},
	} {
		_, err := f.Since(t.Context(), int64(tc.after), tc.limit)
		require.NoError(t, err)
		require.Equal(t, [2]int{tc.wantAfter, tc.wantLimit}, store.asked)
	}
}

type changes struct{ asked [2]int }

func (c *changes) ChangesSince(_ context.Context, afterID int64, limit int) ([]rma.Change, error) {
	c.asked = [2]int{int(afterID), limit}
	return nil, nil
}

func (c *changes) LatestEventID(context.Context) (int64, error) { return 0, nil }
