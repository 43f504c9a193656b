package telemetry

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// summaryQueryTimeout bounds one read of a stored summary, as outboxQueryTimeout bounds the
// outbox's.
const summaryQueryTimeout = 2 * time.Second

// Summary is one series of a summary computed from stored rows: its label values (in the order
// of StoredSummary.Labels), how many observations, their sum and the quantiles (0.5 → value).
type Summary struct {
	LabelValues []string
	Count       uint64
	Sum         float64
	Quantiles   map[float64]float64
}

// StoredSummary is a summary whose observations are rows in the database, not events this
// process saw: every process that serves it reports the same figures, and a restart loses
// nothing. Read computes the series; it is called at most once per Fresh, because the query
// aggregates many rows and scrapes come every few seconds.
type StoredSummary struct {
	Name, Help string
	Labels     []string
	Fresh      time.Duration
	Read       func(ctx context.Context) ([]Summary, error)
}

// WatchStoredSummary registers s (its Name gets the portal_ prefix).
func (t *Telemetry) WatchStoredSummary(s StoredSummary) error {
	c := &storedSummaryCollector{s: s, desc: prometheus.NewDesc(namespace+"_"+s.Name, s.Help, s.Labels, nil), now: time.Now}
	if err := t.registry.Register(c); err != nil {
		return fmt.Errorf("telemetry: %s: %w", s.Name, err)
	}
	return nil
}

type storedSummaryCollector struct {
	s    StoredSummary
	desc *prometheus.Desc
	now  func() time.Time

	mu     sync.Mutex
	readAt time.Time
	series []Summary
}

func (c *storedSummaryCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *storedSummaryCollector) Collect(ch chan<- prometheus.Metric) {
	series, err := c.read()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for _, s := range series {
		m, err := prometheus.NewConstSummary(c.desc, s.Count, s.Sum, s.Quantiles, s.LabelValues...)
		if err != nil {
			m = prometheus.NewInvalidMetric(c.desc, err)
		}
		ch <- m
	}
}

// read answers the series of the last read while it is fresh; a failed read is not kept, so
// the next scrape tries again.
func (c *storedSummaryCollector) read() ([]Summary, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.readAt.IsZero() && c.now().Sub(c.readAt) < c.s.Fresh {
		return c.series, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), summaryQueryTimeout)
	defer cancel()
	series, err := c.s.Read(ctx)
	if err != nil {
		return nil, err
	}
	c.series, c.readAt = series, c.now()
	return series, nil
}
