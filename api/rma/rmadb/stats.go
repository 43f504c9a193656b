package rmadb

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// The dashboard's figures are computed where the rows are: grouped and counted by the database,
// so a fleet of thousands of RMAs costs one small answer per figure.

// StatusCounts implements rma.StatsStore.
func (s *Store) StatusCounts(ctx context.Context, v rma.Viewer, since time.Time) (map[rma.Status]int, error) {
	cond, args := seenBy("", v)
	var rows []struct {
		Status string
		N      int
	}
	err := db.Conn(ctx, s.db).Raw("SELECT status, COUNT(*) AS n FROM rma_rmas WHERE "+cond+" AND created_at >= ? GROUP BY status",
		append(args, since.UTC())...).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: rmas by status: %w", err)
	}
	counts := make(map[rma.Status]int, len(rows))
	for _, r := range rows {
		counts[rma.Status(r.Status)] = r.N
	}
	return counts, nil
}

// MonthlyCounts implements rma.StatsStore; a recycle RMA is one whose type starts with RECYCLE,
// as rma.IsRecycle reads it.
func (s *Store) MonthlyCounts(ctx context.Context, v rma.Viewer, since time.Time) ([]rma.MonthCount, error) {
	conn := db.Conn(ctx, s.db)
	cond, args := seenBy("", v)
	recycle := "rma_type LIKE '" + rma.RMATypeRecycle + "%'"
	var rows []struct {
		Month           string
		Repair, Recycle int
	}
	err := conn.Raw("SELECT "+monthOf(conn, "created_at")+" AS month,"+
		" SUM(CASE WHEN "+recycle+" THEN 0 ELSE 1 END) AS repair,"+
		" SUM(CASE WHEN "+recycle+" THEN 1 ELSE 0 END) AS recycle"+
		" FROM rma_rmas WHERE "+cond+" AND created_at >= ? GROUP BY 1 ORDER BY 1",
		append(args, since.UTC())...).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: rmas by month: %w", err)
	}
	months := make([]rma.MonthCount, len(rows))
	for i, r := range rows {
		months[i] = rma.MonthCount{Month: r.Month, Repair: r.Repair, Recycle: r.Recycle}
	}
	return months, nil
}

// Completions implements rma.StatsStore. The transitions never lead back to SHIPPED_BACK or
// RECYCLED, so an RMA has at most one event that completed it.
func (s *Store) Completions(ctx context.Context, v rma.Viewer, since time.Time) ([]rma.Completion, error) {
	cond, args := seenBy("r", v)
	var rows []struct {
		CreatedAt   time.Time
		CompletedAt time.Time
	}
	err := db.Conn(ctx, s.db).Raw("SELECT r.created_at AS created_at, e.at AS completed_at FROM rma_rmas r"+
		" JOIN rma_events e ON e.rma_number = r.number AND e.status IN (?, ?)"+
		" WHERE "+cond+" AND e.at >= ? ORDER BY e.at, e.id",
		append(append([]any{rma.StatusShippedBack, rma.StatusRecycled}, args...), since.UTC())...).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: completions: %w", err)
	}
	out := make([]rma.Completion, len(rows))
	for i, r := range rows {
		out[i] = rma.Completion{CreatedAt: r.CreatedAt.UTC(), CompletedAt: r.CompletedAt.UTC()}
	}
	return out, nil
}

// UnitWarranties implements rma.StatsStore. Warranty ends are ISO dates, so comparing them as
// text with today's date orders them on both databases.
func (s *Store) UnitWarranties(ctx context.Context, v rma.Viewer, today time.Time) (rma.UnitsByWarranty, []string, error) {
	conn := db.Conn(ctx, s.db)
	units, args := viewerUnits(v)
	day := today.UTC().Format(dateLayout)
	var counts struct {
		InWarranty, OutOfWarranty, EndOfService int
	}
	err := conn.Raw("SELECT"+
		" COALESCE(SUM(CASE WHEN u.end_of_service THEN 0 WHEN u.warranty_end >= ? THEN 1 ELSE 0 END), 0) AS in_warranty,"+
		" COALESCE(SUM(CASE WHEN u.end_of_service THEN 0 WHEN u.warranty_end >= ? THEN 0 ELSE 1 END), 0) AS out_of_warranty,"+
		" COALESCE(SUM(CASE WHEN u.end_of_service THEN 1 ELSE 0 END), 0) AS end_of_service"+
		" FROM rma_units u WHERE u.serial IN ("+units+")",
		append([]any{day, day}, args...)...).Scan(&counts).Error
	if err != nil {
		return rma.UnitsByWarranty{}, nil, fmt.Errorf("rmadb: units by warranty: %w", err)
	}
	models, err := s.UnitModels(ctx, v)
	if err != nil {
		return rma.UnitsByWarranty{}, nil, err
	}
	return rma.UnitsByWarranty{InWarranty: counts.InWarranty, OutOfWarranty: counts.OutOfWarranty, EndOfService: counts.EndOfService}, models, nil
}

// UnitModels implements rma.StatsStore.
func (s *Store) UnitModels(ctx context.Context, v rma.Viewer) ([]string, error) {
	units, args := viewerUnits(v)
	models := []string{}
	err := db.Conn(ctx, s.db).Raw("SELECT DISTINCT u.model FROM rma_units u WHERE u.model <> '' AND u.serial IN ("+units+") ORDER BY u.model", args...).
		Scan(&models).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: models of units: %w", err)
	}
	return models, nil
}

// OpenCount implements rma.StatsStore.
func (s *Store) OpenCount(ctx context.Context, v rma.Viewer, ended []rma.Status) (int, error) {
	cond, args := seenBy("", v)
	var n int
	err := db.Conn(ctx, s.db).Raw("SELECT COUNT(*) FROM rma_rmas WHERE "+cond+" AND status NOT IN ?", append(args, ended)...).
		Scan(&n).Error
	if err != nil {
		return 0, fmt.Errorf("rmadb: open rmas: %w", err)
	}
	return n, nil
}

// viewerUnits is the subquery of v's units' serials: the units they or their organization
// registered and the units of their visible RMAs.
func viewerUnits(v rma.Viewer) (string, []any) {
	regCond, regArgs := seenBy("", v)
	rmaCond, rmaArgs := seenBy("", v)
	return "SELECT serial FROM rma_unit_registrations WHERE " + regCond + " UNION SELECT serial FROM rma_rmas WHERE " + rmaCond,
		append(regArgs, rmaArgs...)
}

// monthOf is the SQL of a timestamp column's UTC month as rma.MonthLayout names it.
func monthOf(conn *gorm.DB, column string) string {
	if db.DialectOf(conn) == db.Postgres {
		return "to_char(" + column + " AT TIME ZONE 'UTC', 'YYYY-MM')"
	}
	return "strftime('%Y-%m', " + column + ")"
}
