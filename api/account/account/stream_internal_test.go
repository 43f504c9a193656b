package account

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// scriptedFeed shows, at each poll, the ids committed by then: ids commit out of order on
// PostgreSQL, so a lower id may appear after a higher one.
type scriptedFeed struct {
	polls [][]int64
	n     int
}

func (f *scriptedFeed) Since(_ context.Context, afterID int64, limit int) ([]rma.Change, error) {
	visible := slices.Sorted(slices.Values(f.polls[f.n]))
	f.n++
	var out []rma.Change
	for _, id := range visible {
		if id > afterID && len(out) < limit {
			out = append(out, rma.Change{ID: id, Owner: "usr_casey", Status: rma.StatusReceived})
		}
	}
	return out, nil
}

func (f *scriptedFeed) Latest(context.Context) (int64, error) { return 0, nil }

func TestStreamPoll_SendsEveryChangeOnceWhateverTheCommitOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		// latest is the newest id when the first subscriber came: it and those below are old.
		latest int64
		polls  [][]int64
		// sent is what each poll fans out.
		sent [][]int64
	}{
		{
			name: "a lower id committed late is sent once, the higher one not again", latest: 99,
			polls: [][]int64{{101}, {100, 101}, {100, 101}},
			sent:  [][]int64{{101}, {100}, nil},
		},
		{
			name: "ids in order, each read again inside the replay window", latest: 99,
			polls: [][]int64{{100, 101}, {100, 101}, {100, 101, 102}},
			sent:  [][]int64{{100, 101}, nil, {102}},
		},
		{
			name: "ids at or below the newest before anyone listened are never sent", latest: 100,
			polls: [][]int64{{99, 100, 101}, {98, 99, 100, 101}},
			sent:  [][]int64{{101}, nil},
		},
		{
			name: "an id committed after the window moved past it is not sent", latest: 0,
			polls: [][]int64{{1, 2 + rma.FeedReplayWindow}, {1, 2, 2 + rma.FeedReplayWindow}},
			sent:  [][]int64{{1, 2 + rma.FeedReplayWindow}, nil},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := &scriptedFeed{polls: tc.polls}
			st := NewStream(feed, 0, testkit.Quiet())
			sub, unsubscribe, err := st.Subscribe(Viewer{Subject: "usr_casey"})
			require.NoError(t, err)
			defer unsubscribe()
			cur := newCursor(tc.latest)
			for i, want := range tc.sent {
				st.poll(t.Context(), &cur)
				var got []int64
				for len(sub.Changes()) > 0 {
					got = append(got, (<-sub.Changes()).ID)
				}
				require.Equal(t, want, got, "poll %d", i+1)
			}
		})
	}
}
