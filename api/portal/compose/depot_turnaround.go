package compose

import (
	"context"
	"time"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/telemetry"
	"rugged.example/portal/api/rma/rma"
)

// turnaroundFresh is how long a scrape reuses the turnaround it read: the figures move when a
// unit ships, and reading them groups months of timelines.
const turnaroundFresh = time.Minute

// Turnarounds reads the depot's turnaround from the RMAs' timelines.
func (c *capabilities) Turnarounds() depot.Turnarounds {
	return depot.Turnarounds{Stays: c.Units(), Now: time.Now}
}

// watchTurnaround exposes the depot's turnaround over the default window as two summaries,
// per model and per warranty type (a summary's quantiles cannot be merged across labels, so
// each grouping is its own metric): portal_depot_turnaround_by_model_seconds and
// portal_depot_turnaround_by_warranty_type_seconds, p50 and p90, receipt to shipment back.
func watchTurnaround(tel *telemetry.Telemetry, t depot.Turnarounds) error {
	groupings := []struct {
		name, label string
		groups      func(depot.TurnaroundReport) []depot.TurnaroundGroup
		value       func(depot.TurnaroundGroup) string
	}{
		{"depot_turnaround_by_model_seconds", "model",
			func(r depot.TurnaroundReport) []depot.TurnaroundGroup { return r.ByModel },
			func(g depot.TurnaroundGroup) string { return g.Model }},
		{"depot_turnaround_by_warranty_type_seconds", "warranty_type",
			func(r depot.TurnaroundReport) []depot.TurnaroundGroup { return r.ByWarrantyType },
			func(g depot.TurnaroundGroup) string { return g.WarrantyType }},
	}
	for _, g := range groupings {
		err := tel.WatchStoredSummary(telemetry.StoredSummary{
			Name:   g.name,
			Help:   "Time from a unit's receipt at the depot to its shipment back, repairs shipped back in the last 90 days.",
			Labels: []string{g.label}, Fresh: turnaroundFresh,
			Read: func(ctx context.Context) ([]telemetry.Summary, error) {
				rep, err := t.Report(ctx, depot.TurnaroundDaysDefault)
				if err != nil {
					return nil, err
				}
				var out []telemetry.Summary
				for _, grp := range g.groups(rep) {
					out = append(out, toSummary(g.value(grp), grp.Spread))
				}
				return out, nil
			},
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func toSummary(label string, s rma.Spread) telemetry.Summary {
	return telemetry.Summary{
		LabelValues: []string{label}, Count: uint64(s.Count), Sum: s.Sum.Seconds(),
		Quantiles: map[float64]float64{0.5: s.P50.Seconds(), 0.9: s.P90.Seconds()},
	}
}
