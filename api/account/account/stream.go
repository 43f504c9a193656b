package account

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
)

// Feed is the rma capability's log of status changes; *rma.Feed implements it.
type Feed interface {
	// Since returns up to limit changes after afterID, oldest first.
	Since(ctx context.Context, afterID int64, limit int) ([]rma.Change, error)
	// Latest is the id of the newest change, 0 when there is none.
	Latest(ctx context.Context) (int64, error)
}

// Stream tuning.
const (
	// PollInterval is how often the one poller of a process reads the feed while anyone listens.
	PollInterval = 2 * time.Second
	// pollBatch is the most changes one read takes; a busier feed is read again at once.
	pollBatch = rma.FeedMaxBatch
	// subscriberBuffer is how many changes wait for a slow subscriber before it is dropped.
	subscriberBuffer = 64
	// MaxStreamsPerSubject is how many event streams one user holds open in a process: a few
	// tabs and devices, not a loop that opens responses without closing them.
	MaxStreamsPerSubject = 5
)

// ErrTooManyStreams refuses an event stream beyond MaxStreamsPerSubject.
var ErrTooManyStreams = fault.New(fault.KindTooMany, "account.tooManyStreams",
	"Too many dashboards are open. Close one and try again.")

// Stream fans the rma feed out to the dashboards open in this process: one poller reads the
// feed, each subscriber gets the changes of the RMAs its viewer may see. While nobody listens
// the poller does not query; the first subscriber after a quiet spell starts from the newest
// change, since a dashboard loads its figures when it opens and needs only what follows.
type Stream struct {
	feed     Feed
	interval time.Duration
	log      *slog.Logger

	mu   sync.Mutex
	subs map[*Subscription]struct{}
	// wake tells an idle poller that someone subscribed.
	wake chan struct{}
}

// Subscription is one open dashboard's share of the stream.
type Subscription struct {
	viewer Viewer
	ch     chan rma.Change
	// Dropped is closed when the stream gave up on the subscriber (it fell behind, or the
	// stream stopped); the handler ends the response and the browser reconnects.
	dropped chan struct{}
	once    sync.Once
}

// Changes delivers the visible changes.
func (s *Subscription) Changes() <-chan rma.Change { return s.ch }

// Dropped is closed when the subscription ends from the stream's side.
func (s *Subscription) Dropped() <-chan struct{} { return s.dropped }

func (s *Subscription) drop() { s.once.Do(func() { close(s.dropped) }) }

// NewStream wires the fan-out; interval 0 is PollInterval.
func NewStream(feed Feed, interval time.Duration, log *slog.Logger) *Stream {
	if interval <= 0 {
		interval = PollInterval
	}
	return &Stream{feed: feed, interval: interval, log: log, subs: map[*Subscription]struct{}{}, wake: make(chan struct{}, 1)}
}

// Subscribe adds a subscriber for v; the returned function removes it and must be called once
// the response ends. A subject holding MaxStreamsPerSubject streams already is refused with
// ErrTooManyStreams.
func (st *Stream) Subscribe(v Viewer) (*Subscription, func(), error) {
	sub := &Subscription{viewer: v, ch: make(chan rma.Change, subscriberBuffer), dropped: make(chan struct{})}
	st.mu.Lock()
	held := 0
	for other := range st.subs {
		if other.viewer.Subject == v.Subject {
			held++
		}
	}
	if held >= MaxStreamsPerSubject {
		st.mu.Unlock()
		return nil, nil, ErrTooManyStreams
	}
	st.subs[sub] = struct{}{}
	st.mu.Unlock()
	select {
	case st.wake <- struct{}{}:
	default:
	}
	return sub, func() {
		st.mu.Lock()
		delete(st.subs, sub)
		st.mu.Unlock()
	}, nil
}

// Subscribers is how many dashboards listen now.
func (st *Stream) Subscribers() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.subs)
}

// Run polls the feed until ctx ends, then drops every subscriber. Run it once per process.
func (st *Stream) Run(ctx context.Context) {
	defer st.dropAll()
	var cur cursor
	idle := true
	t := time.NewTicker(st.interval)
	defer t.Stop()
	for {
		if st.Subscribers() == 0 {
			idle = true
			select {
			case <-ctx.Done():
				return
			case <-st.wake:
				continue
			}
		}
		if idle {
			latest, err := st.feed.Latest(ctx)
			if err != nil {
				st.warn(ctx, err)
			} else {
				cur, idle = newCursor(latest), false
			}
		} else {
			st.poll(ctx, &cur)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// cursor is where the poller is in the feed. Ids become visible when their transaction commits,
// which on PostgreSQL may be out of order, so every poll reads rma.FeedReplayWindow ids below the
// newest one again and skips those it sent (rma.Feed explains why).
type cursor struct {
	// floor: ids at or below it predate the subscribers and are never sent.
	floor int64
	// newest is the highest id read.
	newest int64
	sent   map[int64]struct{}
}

func newCursor(latest int64) cursor {
	return cursor{floor: latest, newest: latest, sent: map[int64]struct{}{}}
}

// poll reads the feed from the replay window up, fans each change not sent yet out, and
// forgets the ids that fell below the window.
func (st *Stream) poll(ctx context.Context, cur *cursor) {
	from := max(cur.newest-rma.FeedReplayWindow, 0)
	for {
		changes, err := st.feed.Since(ctx, from, pollBatch)
		if err != nil {
			st.warn(ctx, err)
			return
		}
		for _, c := range changes {
			from = c.ID
			if _, done := cur.sent[c.ID]; done || c.ID <= cur.floor {
				continue
			}
			cur.sent[c.ID] = struct{}{}
			cur.newest = max(cur.newest, c.ID)
			st.publish(c)
		}
		if len(changes) < pollBatch {
			break
		}
	}
	for id := range cur.sent {
		if id <= cur.newest-rma.FeedReplayWindow {
			delete(cur.sent, id)
		}
	}
}

// publish hands c to every subscriber who may see its RMA; one whose buffer is full is dropped
// rather than stalling everybody else.
func (st *Stream) publish(c rma.Change) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for sub := range st.subs {
		if !sub.viewer.Sees(c.Owner, c.Org) {
			continue
		}
		select {
		case sub.ch <- c:
		default:
			delete(st.subs, sub)
			sub.drop()
		}
	}
}

func (st *Stream) dropAll() {
	st.mu.Lock()
	defer st.mu.Unlock()
	for sub := range st.subs {
		delete(st.subs, sub)
		sub.drop()
	}
}

func (st *Stream) warn(ctx context.Context, err error) {
	if ctx.Err() == nil {
		st.log.WarnContext(ctx, "rma feed read failed", "err", err)
	}
}
