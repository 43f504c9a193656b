package testkit_test

import (
	"testing"
	"time"

	"rugged.example/portal/api/pkg/testkit"
)

func TestClock_MovesOnlyWhenAdvanced(t *testing.T) {
	start := time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)
	c := testkit.NewClock(start)
	if !c.Now().Equal(start) || !c.Now().Equal(start) {
		t.Fatalf("Now = %v, want %v until advanced", c.Now(), start)
	}
	c.Advance(90 * time.Second)
	if want := start.Add(90 * time.Second); !c.Now().Equal(want) {
		t.Fatalf("Now = %v, want %v", c.Now(), want)
	}
}

// fired is what ch received, without waiting: the clock fires its timers inside Advance.
func fired(ch <-chan time.Time) (time.Time, bool) {
	select {
	case got := <-ch:
		return got, true
	default:
		return time.Time{}, false
	}
}

func TestClock_AtFiresOnceTheClockReachesTheMoment(t *testing.T) {
	start := time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)
	c := testkit.NewClock(start)
	later := c.At(start.Add(time.Minute))

	if got, ok := fired(c.At(start)); !ok || !got.Equal(start) {
		t.Fatalf("a moment already reached: fired %v at %v, want at once at %v", ok, got, start)
	}
	c.Advance(59 * time.Second)
	if got, ok := fired(later); ok {
		t.Fatalf("fired at %v, a second early", got)
	}
	c.Advance(2 * time.Second)
	if got, ok := fired(later); !ok || !got.Equal(start.Add(61*time.Second)) {
		t.Fatalf("fired %v at %v, want at %v", ok, got, start.Add(61*time.Second))
	}
}
