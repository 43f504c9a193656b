package telemetry

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
	"go.opentelemetry.io/contrib/instrumentation/github.com/gin-gonic/gin/otelgin"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// scopeName is the instrumentation scope of the spans this package starts itself.
const scopeName = "rugged.example/portal/api/pkg/telemetry"

// tracing is the process's tracer provider: the SDK when spans go somewhere, otherwise a no-op
// one that still carries an inbound traceparent through the request, so log lines name the
// caller's trace even when this process exports nothing.
type tracing struct {
	serviceName string
	provider    trace.TracerProvider
	propagator  propagation.TextMapPropagator
	shutdown    func(context.Context) error
}

// exporter is one destination of spans that OTEL_* can select.
type exporter string

const (
	exportOTLPHTTP exporter = "otlp http/protobuf"
	exportOTLPGRPC exporter = "otlp grpc"
	exportConsole  exporter = "console"
)

// tracesExporters applies the OpenTelemetry environment rules, with tracing off by default:
// OTEL_SDK_DISABLED=true turns everything off; otherwise OTEL_TRACES_EXPORTER (a list of otlp,
// console, none) decides; when it is unset, an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) selects otlp and nothing else selects no exporter. The
// OTLP protocol is OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else
// http/protobuf, the specification's default.
func tracesExporters(getenv func(string) string) ([]exporter, error) {
	env := func(k string) string { return strings.TrimSpace(getenv(k)) }
	if strings.EqualFold(env("OTEL_SDK_DISABLED"), "true") {
		return nil, nil
	}
	names := env("OTEL_TRACES_EXPORTER")
	if names == "" {
		if env("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && env("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == "" {
			return nil, nil
		}
		names = "otlp"
	}
	var out []exporter
	for name := range strings.SplitSeq(names, ",") {
		var e exporter
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "none":
			continue
		case "console":
			e = exportConsole
		case "otlp":
			protocol := env("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
			if protocol == "" {
				protocol = env("OTEL_EXPORTER_OTLP_PROTOCOL")
			}
			switch protocol {
			case "", "http/protobuf":
				e = exportOTLPHTTP
			case "grpc":
				e = exportOTLPGRPC
			default:
				return nil, fmt.Errorf("telemetry: OTLP protocol %q is not supported (grpc or http/protobuf)", protocol)
			}
		default:
			return nil, fmt.Errorf("telemetry: OTEL_TRACES_EXPORTER %q is not supported (otlp, console or none)", name)
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

func newTracing(ctx context.Context, o Options) (tracing, error) {
	t := tracing{
		serviceName: o.ServiceName,
		// W3C trace context, so a span continues the trace of an ingress or caller that sent
		// traceparent; baggage rides along with it.
		propagator: propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}),
		provider:   noop.NewTracerProvider(),
		shutdown:   func(context.Context) error { return nil },
	}
	var processors []sdktrace.SpanProcessor
	if o.Spans != nil {
		processors = append(processors, o.Spans)
	} else {
		exporters, err := tracesExporters(os.Getenv)
		if err != nil {
			return tracing{}, err
		}
		for _, e := range exporters {
			exp, err := newExporter(ctx, e)
			if err != nil {
				return tracing{}, err
			}
			processors = append(processors, sdktrace.NewBatchSpanProcessor(exp))
		}
	}
	if len(processors) == 0 {
		return t, nil
	}
	// Later sources win: the process's own name, then OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
	res, err := resource.New(ctx,
		resource.WithAttributes(semconv.ServiceName(o.ServiceName)),
		resource.WithFromEnv(), resource.WithTelemetrySDK(), resource.WithHost(),
	)
	if err != nil {
		return tracing{}, fmt.Errorf("telemetry: resource: %w", err)
	}
	// The sampler comes from OTEL_TRACES_SAMPLER (parent-based, always on by default).
	opts := []sdktrace.TracerProviderOption{sdktrace.WithResource(res)}
	for _, p := range processors {
		opts = append(opts, sdktrace.WithSpanProcessor(p))
	}
	sdk := sdktrace.NewTracerProvider(opts...)
	t.provider, t.shutdown = sdk, sdk.Shutdown
	return t, nil
}

// newExporter builds one exporter; the OTLP ones read their endpoint, headers, TLS files,
// compression and timeout from the standard OTEL_EXPORTER_OTLP_* variables themselves.
func newExporter(ctx context.Context, e exporter) (sdktrace.SpanExporter, error) {
	var (
		exp sdktrace.SpanExporter
		err error
	)
	switch e {
	case exportOTLPGRPC:
		exp, err = otlptracegrpc.New(ctx)
	case exportConsole:
		exp, err = stdouttrace.New(stdouttrace.WithWriter(os.Stdout))
	default: // exportOTLPHTTP
		exp, err = otlptracehttp.New(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("telemetry: %s exporter: %w", e, err)
	}
	return exp, nil
}

// TraceRequests starts a server span per request, continuing the trace of an inbound
// traceparent, named by method and route template, and puts it in the request's context, where
// the database spans and every log line of the request find it. Install it first, so the spans
// and log lines of all later middleware belong to the request's span.
func (t *Telemetry) TraceRequests() gin.HandlerFunc {
	if _, exports := t.tracing.provider.(*sdktrace.TracerProvider); !exports {
		// Nothing records spans, so only the inbound trace is carried: otelgin would build a
		// span's attributes for every request only to drop them (a tenth of a cheap call's CPU).
		propagator := t.tracing.propagator
		return func(c *gin.Context) {
			ctx := propagator.Extract(c.Request.Context(), propagation.HeaderCarrier(c.Request.Header))
			c.Request = c.Request.WithContext(ctx)
			c.Next()
		}
	}
	return otelgin.Middleware(t.tracing.serviceName,
		otelgin.WithTracerProvider(t.tracing.provider),
		otelgin.WithPropagators(t.tracing.propagator),
		// Request metrics are Prometheus's job (MeasureRequests); otelgin's own stay off.
		otelgin.WithMeterProvider(metricnoop.NewMeterProvider()),
	)
}
