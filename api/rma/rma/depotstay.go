package rma

import (
	"context"
	"math"
	"slices"
	"time"
)

// DepotStay is one repair's stay at the depot: from its unit's receipt to its shipment back,
// as the timeline recorded both moves.
type DepotStay struct {
	Number, Model, WarrantyType string
	ReceivedAt, ShippedAt       time.Time
}

// Duration is the time the unit spent at the depot.
func (t DepotStay) Duration() time.Duration { return t.ShippedAt.Sub(t.ReceivedAt) }

// StayStore reads the stays of the units shipped back since a time (rmadb.Store).
type StayStore interface {
	// DepotStays lists the repairs shipped back at or after since, oldest shipment first.
	DepotStays(ctx context.Context, since time.Time) ([]DepotStay, error)
}

// Spread is the p50 and p90 of a group of stays, by the nearest-rank method: a p90 of
// 6 days means nine in ten units were shipped back within 6 days of their receipt.
type Spread struct {
	Count    int
	P50, P90 time.Duration
	Sum      time.Duration
}

// SpreadOf computes the Spread of ts (the zero Spread for none).
func SpreadOf(ts []DepotStay) Spread {
	if len(ts) == 0 {
		return Spread{}
	}
	ds := make([]time.Duration, len(ts))
	var sum time.Duration
	for i, t := range ts {
		ds[i] = t.Duration()
		sum += ds[i]
	}
	slices.Sort(ds)
	return Spread{Count: len(ds), P50: nearestRank(ds, 0.5), P90: nearestRank(ds, 0.9), Sum: sum}
}

// nearestRank is the smallest value of sorted with at least q of the values at or below it.
func nearestRank(sorted []time.Duration, q float64) time.Duration {
	rank := int(math.Ceil(q * float64(len(sorted))))
	return sorted[max(rank, 1)-1]
}
