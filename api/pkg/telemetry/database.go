package telemetry

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
)

// InstrumentDB reports the connection pool (the go_sql_* metrics of client_golang's DBStats
// collector, db_name="portal") and traces every gorm statement as a client span, a child of the
// span in the statement's context. Spans carry the SQL with its placeholders, never the values,
// which can hold customer data.
func (t *Telemetry) InstrumentDB(gdb *gorm.DB) error {
	sqlDB, err := gdb.DB()
	if err != nil {
		return fmt.Errorf("telemetry: database handle: %w", err)
	}
	if err := t.registry.Register(collectors.NewDBStatsCollector(sqlDB, "portal")); err != nil {
		return fmt.Errorf("telemetry: database pool collector: %w", err)
	}
	return registerDBTracing(gdb, t.tracing.provider.Tracer(scopeName))
}

// dbSpanKey keys the span a statement's before-callback started, in the statement's settings.
type dbSpanKey struct{}

// dbSpan is that span and the context the statement had before it, which the after-callback
// puts back so a reused statement does not nest its next span under this finished one.
type dbSpan struct {
	parent context.Context
	span   trace.Span
}

// callbackRegistrar is what gorm's Before and After return: the place of one callback.
type callbackRegistrar interface {
	Register(name string, fn func(*gorm.DB)) error
}

func registerDBTracing(gdb *gorm.DB, tracer trace.Tracer) error {
	system := semconv.DBSystemNameSQLite
	if db.DialectOf(gdb) == db.Postgres {
		system = semconv.DBSystemNamePostgreSQL
	}
	cb := gdb.Callback()
	for _, h := range []struct {
		op            string
		before, after callbackRegistrar
	}{
		{"create", cb.Create().Before("gorm:create"), cb.Create().After("gorm:create")},
		{"query", cb.Query().Before("gorm:query"), cb.Query().After("gorm:query")},
		{"update", cb.Update().Before("gorm:update"), cb.Update().After("gorm:update")},
		{"delete", cb.Delete().Before("gorm:delete"), cb.Delete().After("gorm:delete")},
		{"row", cb.Row().Before("gorm:row"), cb.Row().After("gorm:row")},
		{"raw", cb.Raw().Before("gorm:raw"), cb.Raw().After("gorm:raw")},
	} {
		if err := h.before.Register("telemetry:before_"+h.op, startDBSpan(tracer, h.op, system)); err != nil {
			return fmt.Errorf("telemetry: gorm callback: %w", err)
		}
		if err := h.after.Register("telemetry:after_"+h.op, endDBSpan); err != nil {
			return fmt.Errorf("telemetry: gorm callback: %w", err)
		}
	}
	return nil
}

// startDBSpan starts the statement's span before gorm builds its SQL; endDBSpan names it after
// the statement once the SQL is known.
func startDBSpan(tracer trace.Tracer, op string, system attribute.KeyValue) func(*gorm.DB) {
	return func(tx *gorm.DB) {
		parent := tx.Statement.Context
		ctx, span := tracer.Start(parent, "gorm."+op, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(system))
		tx.Statement.Context = ctx
		tx.Statement.Settings.Store(dbSpanKey{}, dbSpan{parent: parent, span: span})
	}
}

func endDBSpan(tx *gorm.DB) {
	v, ok := tx.Statement.Settings.LoadAndDelete(dbSpanKey{})
	if !ok {
		return
	}
	s := v.(dbSpan)
	tx.Statement.Context = s.parent
	span := s.span
	defer span.End()

	query := tx.Statement.SQL.String()
	operation := sqlOperation(query)
	table := tx.Statement.Table
	if table != "" {
		span.SetAttributes(semconv.DBCollectionName(table))
	}
	if operation != "" {
		// Named as the semantic conventions say: "SELECT mail_outbox".
		span.SetName(strings.TrimSpace(operation + " " + table))
		span.SetAttributes(semconv.DBOperationName(operation), semconv.DBQueryText(query))
	}
	if operation == "SELECT" {
		span.SetAttributes(semconv.DBResponseReturnedRows(int(tx.Statement.RowsAffected)))
	}
	if err := tx.Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
}

// sqlOperation is the statement's first keyword (SELECT, INSERT, WITH, …), or "" before gorm
// built any SQL (a statement that failed validation).
func sqlOperation(query string) string {
	word, _, _ := strings.Cut(strings.TrimSpace(query), " ")
	return strings.ToUpper(word)
}
