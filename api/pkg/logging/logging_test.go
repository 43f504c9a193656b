package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
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

func TestParseLevel_FallsBackToInfo(t *testing.T) {
	require.Equal(t, slog.LevelDebug, ParseLevel("debug"))
	require.Equal(t, slog.LevelInfo, ParseLevel("nonsense"))
}
