package telemetry_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/pkg/telemetry"
	"rugged.example/portal/api/pkg/testkit"
)

const (
	inboundTraceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	inboundSpanID  = "00f067aa0ba902b7"
)

// unitRow is a table the traced handler reads.
type unitRow struct {
	Serial string `gorm:"primaryKey"`
	Model  string
}

func (unitRow) TableName() string { return "trace_units" }

// tracedTelemetry records every span in memory instead of exporting it.
func tracedTelemetry(t *testing.T) (*telemetry.Telemetry, *tracetest.SpanRecorder) {
	t.Helper()
	spans := tracetest.NewSpanRecorder()
	tel, err := telemetry.New(t.Context(), telemetry.Options{ServiceName: "portal-repair", Log: testkit.Quiet(), Spans: spans})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, tel.Close()) })
	return tel, spans
}

// tracedEngine is a request path as compose builds it: telemetry first, then the request id and
// the access log, a handler that reads the database and logs.
func tracedEngine(tel *telemetry.Telemetry, gdb *gorm.DB, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.TestMode)
	engine := gin.New()
	engine.ContextWithFallback = true
	engine.Use(tel.TraceRequests(), tel.MeasureRequests(), httpx.RequestID(), httpx.AccessLog(log))
	engine.GET("/units/:serial", func(c *gin.Context) {
		var u unitRow
		if err := gdb.WithContext(c).Where("serial = ?", c.Param("serial")).Take(&u).Error; err != nil {
			c.AbortWithStatus(http.StatusNotFound)
			return
		}
		log.InfoContext(c, "unit found", "model", u.Model)
		c.JSON(http.StatusOK, u)
	})
	return engine
}

func logLines(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var lines []map[string]any
	sc := bufio.NewScanner(buf)
	for sc.Scan() {
		var line map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &line))
		lines = append(lines, line)
	}
	return lines
}

func attr(s sdktrace.ReadOnlySpan, key attribute.Key) string {
	for _, kv := range s.Attributes() {
		if kv.Key == key {
			return kv.Value.Emit()
		}
	}
	return ""
}

func TestIntegrationTraceRequests_ServerAndDatabaseSpansShareTheTraceOfTheLogLines(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, gdb.AutoMigrate(&unitRow{}))
		require.NoError(t, gdb.Create(&unitRow{Serial: "RT10000001", Model: "RT10"}).Error)
		tel, spans := tracedTelemetry(t)
		require.NoError(t, tel.InstrumentDB(gdb))
		var logs bytes.Buffer
		engine := tracedEngine(tel, gdb, logging.New(&logs, slog.LevelInfo))

		rec := serve(engine, http.MethodGet, "/units/RT10000001", http.Header{
			"Traceparent": {"00-" + inboundTraceID + "-" + inboundSpanID + "-01"},
		})
		require.Equal(t, http.StatusOK, rec.Code)

		var server, query sdktrace.ReadOnlySpan
		for _, s := range spans.Ended() {
			switch s.SpanKind() {
			case trace.SpanKindServer:
				server = s
			case trace.SpanKindClient:
				query = s
			}
		}
		require.NotNil(t, server, "a server span")
		require.NotNil(t, query, "a database span")

		require.Equal(t, "GET /units/:serial", server.Name())
		require.Equal(t, inboundTraceID, server.SpanContext().TraceID().String(), "the caller's trace continues")
		require.Equal(t, inboundSpanID, server.Parent().SpanID().String())
		require.Equal(t, "/units/:serial", attr(server, "http.route"))
		require.Equal(t, "200", attr(server, "http.response.status_code"))
		require.Equal(t, "portal-repair", resourceServiceName(server))

		require.Equal(t, server.SpanContext().TraceID(), query.SpanContext().TraceID())
		require.Equal(t, server.SpanContext().SpanID(), query.Parent().SpanID(), "the query is a child of the request")
		require.Equal(t, "SELECT trace_units", query.Name())
		require.Equal(t, map[db.Dialect]string{db.SQLite: "sqlite", db.Postgres: "postgresql"}[db.DialectOf(gdb)], attr(query, "db.system.name"))
		require.Contains(t, attr(query, "db.query.text"), "serial =")
		require.NotContains(t, attr(query, "db.query.text"), "RT10000001", "values stay out of spans")

		lines := logLines(t, &logs)
		require.Len(t, lines, 2, "the handler's line and the access log")
		for _, line := range lines {
			require.Equal(t, inboundTraceID, line["trace_id"], "line %v", line)
			require.Equal(t, server.SpanContext().SpanID().String(), line["span_id"], "line %v", line)
			require.NotEmpty(t, line["request_id"])
		}
	})
}

func resourceServiceName(s sdktrace.ReadOnlySpan) string {
	v, _ := s.Resource().Set().Value("service.name")
	return v.Emit()
}

func TestTraceRequests_StartsATraceWithoutTraceparentAndNamesUnmatchedRoutes(t *testing.T) {
	tel, spans := tracedTelemetry(t)
	var logs bytes.Buffer
	engine := tracedEngine(tel, testkit.SQLite(t), logging.New(&logs, slog.LevelInfo))

	require.Equal(t, http.StatusNotFound, serve(engine, http.MethodGet, "/nothing/here", nil).Code)
	ended := spans.Ended()
	require.Len(t, ended, 1)
	require.False(t, ended[0].Parent().IsValid(), "a new trace")
	require.Equal(t, "GET", ended[0].Name(), "the method alone, never the raw path")
	lines := logLines(t, &logs)
	require.Len(t, lines, 1)
	require.Equal(t, ended[0].SpanContext().TraceID().String(), lines[0]["trace_id"])
}

func TestInstrumentDB_FailedStatementMarksItsSpan(t *testing.T) {
	tel, spans := tracedTelemetry(t)
	gdb := testkit.SQLite(t)
	require.NoError(t, gdb.AutoMigrate(&unitRow{}))
	require.NoError(t, tel.InstrumentDB(gdb))

	require.Error(t, gdb.WithContext(t.Context()).Exec("INSERT INTO missing_table VALUES (1)").Error)
	require.ErrorIs(t, gdb.WithContext(t.Context()).Model(&unitRow{}).Where("1 = 0").Take(&unitRow{}).Error, gorm.ErrRecordNotFound)

	ended := spans.Ended()
	require.Len(t, ended, 2)
	require.Equal(t, "INSERT", ended[0].Name())
	require.Equal(t, "Error", ended[0].Status().Code.String())
	require.Equal(t, "SELECT trace_units", ended[1].Name())
	require.Equal(t, "Unset", ended[1].Status().Code.String(), "not found is an answer, not a failure")
}

func TestNew_ServiceNameFromOTELServiceNameWins(t *testing.T) {
	t.Setenv("OTEL_SERVICE_NAME", "portal-eu")
	tel, spans := tracedTelemetry(t)
	gdb := testkit.SQLite(t)
	require.NoError(t, tel.InstrumentDB(gdb))
	require.NoError(t, gdb.WithContext(t.Context()).Exec("SELECT 1").Error)
	require.Len(t, spans.Ended(), 1)
	require.Equal(t, "portal-eu", resourceServiceName(spans.Ended()[0]))
}

func TestTraceRequests_WithoutExportLogLinesStillNameTheCallersTrace(t *testing.T) {
	tel := newTelemetry(t)
	var logs bytes.Buffer
	gdb := testkit.SQLite(t)
	require.NoError(t, gdb.AutoMigrate(&unitRow{}))
	require.NoError(t, gdb.Create(&unitRow{Serial: "RT10000001", Model: "RL14"}).Error)
	engine := tracedEngine(tel, gdb, logging.New(&logs, slog.LevelInfo))

	header := http.Header{"Traceparent": {"00-" + inboundTraceID + "-" + inboundSpanID + "-01"}}
	require.Equal(t, http.StatusOK, serve(engine, http.MethodGet, "/units/RT10000001", header).Code)
	lines := logLines(t, &logs)
	require.Len(t, lines, 2, "the handler's line and the access log")
	for _, line := range lines {
		require.Equal(t, inboundTraceID, line["trace_id"])
	}
}
