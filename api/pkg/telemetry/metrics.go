package telemetry

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
)

// unmatchedRoute is the one route label of every request no route matched, so scanners probing
// random paths cannot grow the number of series.
const unmatchedRoute = "unmatched"

// instruments are the portal's own metrics.
type instruments struct {
	requests     *prometheus.CounterVec
	duration     *prometheus.HistogramVec
	cacheLookups *prometheus.CounterVec
	rmasCreated  *prometheus.CounterVec
	refunds      *prometheus.CounterVec
}

func newInstruments(reg prometheus.Registerer) instruments {
	httpLabels := []string{"method", "route", "status"}
	m := instruments{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "http_requests_total",
			Help: "HTTP requests served, by method, route template and status code.",
		}, httpLabels),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace, Name: "http_request_duration_seconds",
			Help:    "Time from a request's arrival to its response, by method, route template and status code.",
			Buckets: prometheus.DefBuckets,
		}, httpLabels),
		cacheLookups: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "cache_lookups_total",
			Help: "Cache reads by result: hit, miss, or error (the cache did not answer).",
		}, []string{"result"}),
		rmasCreated: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "rmas_created_total",
			Help: "RMAs created (their transaction committed), by RMA type.",
		}, []string{"rma_type"}),
		refunds: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "payment_refunds_total",
			Help: "Attempts to give back money that did not pay its quote (it came after another payment, a cancellation or the expiry), by provider, reason and outcome: refunded, or failed (tried again later).",
		}, []string{"provider", "reason", "outcome"}),
	}
	reg.MustRegister(m.requests, m.duration, m.cacheLookups, m.rmasCreated, m.refunds)
	// Every result exists from the start, so a hit ratio is defined before the first miss.
	for _, r := range []string{resultHit, resultMiss, resultError} {
		m.cacheLookups.WithLabelValues(r)
	}
	return m
}

// MeasureRequests counts each request and times it by method, route template (Gin's FullPath,
// never the raw path, which holds serials and ids) and status. Install it before the handlers
// that may abort, so their status is the one counted.
func (t *Telemetry) MeasureRequests() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = unmatchedRoute
		}
		labels := []string{methodLabel(c.Request.Method), route, strconv.Itoa(c.Writer.Status())}
		t.metrics.requests.WithLabelValues(labels...).Inc()
		t.metrics.duration.WithLabelValues(labels...).Observe(time.Since(start).Seconds())
	}
}

// methodLabel keeps the method label to the standard methods; anything a client invents is OTHER.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "OTHER"
}

// RMACreated counts one RMA of rmaType whose create transaction committed. The rma core calls it
// through its own small interface, so it does not depend on Prometheus.
func (t *Telemetry) RMACreated(rmaType string) {
	t.metrics.rmasCreated.WithLabelValues(rmaType).Inc()
}

// PaymentRefund counts one attempt to give back money that did not pay its quote. The payments
// core calls it through its own small interface (payments.RefundCounter).
func (t *Telemetry) PaymentRefund(provider, reason, outcome string) {
	t.metrics.refunds.WithLabelValues(provider, reason, outcome).Inc()
}
