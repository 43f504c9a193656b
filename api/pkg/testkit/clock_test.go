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
