package rma

import (
	"context"
	"time"
)

// Change is one status change of an RMA, as the dashboard's event stream tells it to those who
// may see the RMA (Viewer.Sees of its Owner and Org).
type Change struct {
	// ID is the event's id: the feed's order and its cursor.
	ID                      int64
	Number, UID, Owner, Org string
	Status                  Status
	At                      time.Time
}

// FeedMaxBatch caps one read of the feed.
const FeedMaxBatch = 1000

// FeedStore reads status events in id order.
type FeedStore interface {
	// ChangesSince lists the status events with an id above afterID, oldest first, at most
	// limit, each with its RMA's uid, owner and org.
	ChangesSince(ctx context.Context, afterID int64, limit int) ([]Change, error)
	// LatestEventID is the highest event id, 0 for none.
	LatestEventID(ctx context.Context) (int64, error)
}

// Feed is the stream of RMA status changes that the account service's poller fans out to
// dashboards: one reader per process polls it, whatever the number of viewers.
//
// Order and gaps: event ids come from the database's sequence when a row is inserted, but
// become visible when their transaction commits. SQLite runs one writer at a time, so there
// ids appear in order. On PostgreSQL two concurrent transactions may commit out of order: a
// reader can see id 101 before id 100 exists for it. A cursor that jumped to 101 would miss
// 100 for good. The poller therefore re-reads a small window of ids below its cursor
// (FeedReplayWindow) on every poll and drops the ids it has already sent. This is chosen over
// a time cursor (a SinceTime) because an event's time is taken from the clock of whichever
// process wrote it, before its commit: it has the same late-commit gap plus clock skew between
// processes, and no tie-break for equal times. Transactions that write status events are
// short (one move of one RMA), so a late commit lands within a few ids of the cursor.
type Feed struct {
	store FeedStore
}

// FeedReplayWindow is how many ids below its cursor the poller reads again, for PostgreSQL's
// late commits (see Feed).
const FeedReplayWindow = 200

// NewFeed wires the feed.
func NewFeed(store FeedStore) *Feed { return &Feed{store: store} }

// Since returns up to limit status changes with an id above afterID, in id order; limit is
// clamped to 1..FeedMaxBatch.
func (f *Feed) Since(ctx context.Context, afterID int64, limit int) ([]Change, error) {
	limit = max(1, min(limit, FeedMaxBatch))
	return f.store.ChangesSince(ctx, max(afterID, 0), limit)
}

// Latest is the id to start from so that only changes made from now on are read.
func (f *Feed) Latest(ctx context.Context) (int64, error) {
	return f.store.LatestEventID(ctx)
}
