package telemetry

import (
	"io"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

func TestTracesExporters_OffUnlessOTELAsks(t *testing.T) {
	const endpoint = "http://collector:4318"
	tests := []struct {
		name    string
		env     map[string]string
		want    []exporter
		wantErr string
	}{
		{name: "nothing set: no exporter", env: nil},
		{name: "unrelated OTEL variables: no exporter", env: map[string]string{"OTEL_SERVICE_NAME": "portal-repair", "OTEL_TRACES_SAMPLER": "always_on"}},
		{name: "general endpoint selects otlp over http", env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": endpoint}, want: []exporter{exportOTLPHTTP}},
		{name: "traces endpoint selects otlp", env: map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": endpoint + "/v1/traces"}, want: []exporter{exportOTLPHTTP}},
		{name: "grpc protocol", env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, want: []exporter{exportOTLPGRPC}},
		{name: "traces protocol beats the general one", env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": endpoint, "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/protobuf"}, want: []exporter{exportOTLPHTTP}},
		{name: "otlp exporter named without endpoint (the SDK's localhost default)", env: map[string]string{"OTEL_TRACES_EXPORTER": "otlp"}, want: []exporter{exportOTLPHTTP}},
		{name: "console", env: map[string]string{"OTEL_TRACES_EXPORTER": "console"}, want: []exporter{exportConsole}},
		{name: "a list, duplicates once", env: map[string]string{"OTEL_TRACES_EXPORTER": "otlp, console,otlp"}, want: []exporter{exportOTLPHTTP, exportConsole}},
		{name: "none beats an endpoint", env: map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint}},
		{name: "SDK disabled beats everything", env: map[string]string{"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint}},
		{name: "SDK disabled is case-insensitive", env: map[string]string{"OTEL_SDK_DISABLED": "TRUE", "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint}},
		{name: "SDK disabled false changes nothing", env: map[string]string{"OTEL_SDK_DISABLED": "false", "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint}, want: []exporter{exportOTLPHTTP}},
		{name: "unknown exporter fails the start", env: map[string]string{"OTEL_TRACES_EXPORTER": "zipkin"}, wantErr: `OTEL_TRACES_EXPORTER "zipkin"`},
		{name: "unsupported protocol fails the start", env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": endpoint, "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json"}, wantErr: `"http/json"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tracesExporters(func(k string) string { return tc.env[k] })
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestNew_BuildsTheTracerProviderTheEnvironmentSelects(t *testing.T) {
	for _, k := range []string{"OTEL_SDK_DISABLED", "OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"} {
		t.Setenv(k, "")
	}
	tel, err := New(t.Context(), Options{ServiceName: "portal", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	require.IsType(t, noop.TracerProvider{}, tel.tracing.provider)
	require.NoError(t, tel.Close())

	t.Setenv("OTEL_TRACES_EXPORTER", "console")
	tel, err = New(t.Context(), Options{ServiceName: "portal", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	require.IsType(t, &sdktrace.TracerProvider{}, tel.tracing.provider)
	require.NoError(t, tel.Close())

	t.Setenv("OTEL_TRACES_EXPORTER", "jaeger")
	_, err = New(t.Context(), Options{ServiceName: "portal", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.ErrorContains(t, err, "jaeger")
}
