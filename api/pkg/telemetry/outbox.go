package telemetry

import (
	"context"
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/mail"
)

// outboxQueryTimeout bounds the outbox query of one scrape: a slow database delays the scrape by
// at most this much and the rest of the metrics are still served.
const outboxQueryTimeout = 2 * time.Second

// WatchOutbox reports the mail outbox's backlog at each scrape: portal_mail_outbox_pending and
// portal_mail_outbox_oldest_pending_age_seconds. The outbox is one table shared by every
// process, so each process that writes mail reports the same numbers; aggregate with max.
func (t *Telemetry) WatchOutbox(gdb *gorm.DB) error {
	if err := t.registry.Register(&outboxCollector{gdb: gdb, timeout: outboxQueryTimeout}); err != nil {
		return fmt.Errorf("telemetry: outbox collector: %w", err)
	}
	return nil
}

var (
	outboxPendingDesc = prometheus.NewDesc(namespace+"_mail_outbox_pending",
		"Messages in the mail outbox not sent yet and not given up, retries included.", nil, nil)
	outboxOldestDesc = prometheus.NewDesc(namespace+"_mail_outbox_oldest_pending_age_seconds",
		"Age of the oldest pending message in the mail outbox; 0 when none is pending.", nil, nil)
)

// outboxCollector queries at scrape time, so the numbers are as fresh as the scrape and no
// process has to poll the table in between.
type outboxCollector struct {
	gdb     *gorm.DB
	timeout time.Duration
}

func (c *outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxPendingDesc
	ch <- outboxOldestDesc
}

func (c *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	// Collect has no context of its own; the timeout keeps a stuck query from holding the scrape.
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	b, err := mail.PendingBacklog(ctx, c.gdb)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(outboxPendingDesc, err)
		ch <- prometheus.NewInvalidMetric(outboxOldestDesc, err)
		return
	}
	var age float64
	if !b.OldestCreatedAt.IsZero() {
		age = max(time.Since(b.OldestCreatedAt).Seconds(), 0)
	}
	ch <- prometheus.MustNewConstMetric(outboxPendingDesc, prometheus.GaugeValue, float64(b.Pending))
	ch <- prometheus.MustNewConstMetric(outboxOldestDesc, prometheus.GaugeValue, age)
}
