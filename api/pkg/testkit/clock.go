package testkit

import (
	"sync"
	"time"
)

// Clock is a settable clock for code that takes a `now func() time.Time`: a test moves it past
// a delay, a lockout or an expiry instead of waiting (no timed assertions). Safe for concurrent
// use.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []timer
}

// timer is a channel At handed out that Advance has not reached yet.
type timer struct {
	at time.Time
	ch chan time.Time
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now reads the clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// At is the fake of a timer for code that waits for a moment (a token's expiry): the channel
// receives the clock's time once Advance reaches t, at once when t is not in the future. It
// takes a moment rather than a duration so that an Advance between reading the clock and
// setting the timer cannot push the moment away.
func (c *Clock) At(t time.Time) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if !c.now.Before(t) {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, timer{at: t, ch: ch})
	return ch
}

// Advance moves the clock forward by d and fires the timers it reaches.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	pending := c.timers[:0]
	for _, tm := range c.timers {
		if c.now.Before(tm.at) {
			pending = append(pending, tm)
			continue
		}
		tm.ch <- c.now
	}
	c.timers = pending
}
