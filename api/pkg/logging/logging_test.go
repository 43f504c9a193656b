package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace"
)

func TestNew_AddsRequestIDFromContext(t *testing.T) {
	var buf bytes.Buffer
	log := New(&buf, slog.LevelInfo)
	log.InfoContext(WithRequestID(context.Background(), "req-42"), "hello", "k", "v")

	var line map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &line))
	require.Equal(t, "req-42", line["request_id"])
	require.Equal(t, "v", line["k"])
}

func TestNew_AddsTraceAndSpanIDOfTheContextsSpan(t *testing.T) {
	traceID, err := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	require.NoError(t, err)
	spanID, err := trace.SpanIDFromHex("00f067aa0ba902b7")
	require.NoError(t, err)
	ctx := trace.ContextWithSpanContext(context.Background(),
		trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled}))

	for name, tc := range map[string]struct {
		ctx       context.Context
		wantTrace any
		wantSpan  any
	}{
		"traced":   {ctx, "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"},
		"untraced": {context.Background(), nil, nil},
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			New(&buf, slog.LevelInfo).InfoContext(tc.ctx, "hello")
			var line map[string]any
			require.NoError(t, json.Unmarshal(buf.Bytes(), &line))
			require.Equal(t, tc.wantTrace, line["trace_id"])
			require.Equal(t, tc.wantSpan, line["span_id"])
		})
	}
}

func TestParseLevel_FallsBackToInfo(t *testing.T) {
	require.Equal(t, slog.LevelDebug, ParseLevel("debug"))
	require.Equal(t, slog.LevelInfo, ParseLevel("nonsense"))
}
