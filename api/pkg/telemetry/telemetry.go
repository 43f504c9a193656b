// Package telemetry is what a portal process tells its operators: Prometheus metrics (HTTP
// requests by route template, the database pool, cache hits and misses, the mail outbox backlog,
// RMAs created) served on an admin listener, and OpenTelemetry traces (HTTP server and database
// spans, W3C traceparent propagation) exported only when the standard OTEL_* variables ask for
// it. Each process builds one Telemetry with its own Prometheus registry, never the global one,
// so tests and several processes in one binary stay apart.
package telemetry

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// namespace prefixes the portal's own metric names.
const namespace = "portal"

// Options configure a process's telemetry.
type Options struct {
	// ServiceName names the process in traces ("portal", "portal-repair", …) unless
	// OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says otherwise.
	ServiceName string
	// Log receives scrape errors.
	Log *slog.Logger
	// Spans, when set, receives every span instead of the exporters OTEL_* select; tests record
	// spans with tracetest.SpanRecorder.
	Spans sdktrace.SpanProcessor
}

// Telemetry holds one process's metrics registry, its instruments and its tracer provider.
type Telemetry struct {
	registry *prometheus.Registry
	log      *slog.Logger
	metrics  instruments
	tracing  tracing
}

// New builds the registry (with the Go runtime and process collectors) and the tracer provider
// the environment selects. An OTEL_* value it cannot honour is an error, so a misspelt exporter
// fails the start instead of silently dropping every trace.
func New(ctx context.Context, o Options) (*Telemetry, error) {
	tr, err := newTracing(ctx, o)
	if err != nil {
		return nil, err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return &Telemetry{registry: reg, log: o.Log, metrics: newInstruments(reg), tracing: tr}, nil
}

// AdminHandler serves /metrics. Mount it on the admin listener only: it is never routed by the
// ingress, and the public engine answers 404 for it. A collector that fails (the outbox query
// timing out) is logged and left out of that scrape; the other metrics are still served.
func (t *Telemetry) AdminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(t.registry, promhttp.HandlerOpts{
		ErrorLog:      slog.NewLogLogger(t.log.Handler(), slog.LevelWarn),
		ErrorHandling: promhttp.ContinueOnError,
	}))
	return mux
}

// Close flushes the spans not exported yet and stops the exporters, waiting at most five
// seconds: a collector that is down must not hold up a shutdown.
func (t *Telemetry) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return t.tracing.shutdown(ctx)
}
