package telemetry_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/telemetry"
)

func TestWatchStoredSummary_ServesTheReadSeriesAndReadsOncePerFreshness(t *testing.T) {
	tel := newTelemetry(t)
	reads := 0
	require.NoError(t, tel.WatchStoredSummary(telemetry.StoredSummary{
		Name: "depot_turnaround_by_model_seconds", Help: "test", Labels: []string{"model"}, Fresh: time.Hour,
		Read: func(context.Context) ([]telemetry.Summary, error) {
			reads++
			return []telemetry.Summary{{LabelValues: []string{"RL14"}, Count: 3, Sum: 900, Quantiles: map[float64]float64{0.5: 200, 0.9: 500}}}, nil
		},
	}))
	body := scrape(t, tel)
	requireSample(t, body, `portal_depot_turnaround_by_model_seconds{model="RL14",quantile="0.5"}`, 200)
	requireSample(t, body, `portal_depot_turnaround_by_model_seconds{model="RL14",quantile="0.9"}`, 500)
	requireSample(t, body, `portal_depot_turnaround_by_model_seconds_count{model="RL14"}`, 3)
	requireSample(t, body, `portal_depot_turnaround_by_model_seconds_sum{model="RL14"}`, 900)
	scrape(t, tel)
	require.Equal(t, 1, reads, "a second scrape within the freshness reuses the first read")
}

func TestWatchStoredSummary_AFailedReadLeavesTheSeriesOutAndIsRetried(t *testing.T) {
	tel := newTelemetry(t)
	fail := true
	require.NoError(t, tel.WatchStoredSummary(telemetry.StoredSummary{
		Name: "depot_turnaround_by_model_seconds", Help: "test", Labels: []string{"model"}, Fresh: time.Hour,
		Read: func(context.Context) ([]telemetry.Summary, error) {
			if fail {
				return nil, errors.New("database down")
			}
			return []telemetry.Summary{{LabelValues: []string{"RL14"}, Count: 1, Sum: 60, Quantiles: map[float64]float64{0.5: 60}}}, nil
		},
	}))
	tel.RMACreated("REPAIR")
	body := scrape(t, tel)
	requireSample(t, body, `portal_rmas_created_total{rma_type="REPAIR"}`, 1)
	require.NotContains(t, body, "portal_depot_turnaround_by_model_seconds")
	fail = false
	requireSample(t, scrape(t, tel), `portal_depot_turnaround_by_model_seconds_count{model="RL14"}`, 1)
}
