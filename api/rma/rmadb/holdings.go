package rmadb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// heldRow is one held unit as the holdings query reads it: the registry's unit, its
// registration (by anyone: the viewer's is told apart in Go) and whether one of the viewer's
// RMAs names it.
type heldRow struct {
	Unit         unitRow `gorm:"embedded"`
	RegOwner     *string
	RegOrg       *string
	RegisteredAt *time.Time
	ViaRMA       int
}

// heldBranches is the union of the serials v holds, each branch one range of an index that
// leads with owner or org, as the history's visibility splits them: a single
// "owner = ? OR org = ?" would scan every registration and RMA instead. A unit appears once per
// branch that holds it; via_rma tells the RMA branches from the registration ones.
func heldBranches(v rma.Viewer) (string, []any) {
	var selects []string
	var args []any
	for _, b := range visibility(v) {
		selects = append(selects, "SELECT serial, 0 AS via_rma FROM rma_unit_registrations WHERE "+b.sql)
		args = append(args, b.args...)
	}
	for _, b := range visibility(v) {
		selects = append(selects, "SELECT DISTINCT serial, 1 AS via_rma FROM rma_rmas WHERE "+b.sql)
		args = append(args, b.args...)
	}
	return strings.Join(selects, " UNION ALL "), args
}

// heldFilter is f as SQL on the registry's unit (alias u).
func heldFilter(f rma.HeldFilter) sqlPart {
	var parts []sqlPart
	if f.Serials != nil {
		parts = append(parts, sqlPart{sql: "u.serial IN ?", args: []any{f.Serials}})
	}
	if f.ProductType != "" {
		parts = append(parts, sqlPart{sql: "upper(u.product_type) = ?", args: []any{f.ProductType}})
	}
	if f.Model != "" {
		parts = append(parts, sqlPart{sql: "upper(u.model) = ?", args: []any{f.Model}})
	}
	if f.Text != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(f.Text)) + "%"
		var ors []string
		var args []any
		for _, col := range []string{"u.serial", "u.model", "u.model_family"} {
			ors = append(ors, "lower("+col+") LIKE ? ESCAPE '!'")
			args = append(args, pattern)
		}
		parts = append(parts, sqlPart{sql: strings.Join(ors, " OR "), args: args})
	}
	return and(parts...)
}

// HeldUnits implements rma.HoldingsStore: the held serials grouped once, joined to the registry
// (a serial the registry does not know is no unit) and to the unit's registration, cut to limit
// by serial; then the open RMAs v sees of those units, in one more query.
func (s *Store) HeldUnits(ctx context.Context, v rma.Viewer, f rma.HeldFilter, limit int) ([]rma.HeldUnit, error) {
	branches, args := heldBranches(v)
	where := heldFilter(f)
	q := "SELECT u.*, r.owner AS reg_owner, r.org AS reg_org, r.registered_at AS registered_at, g.via_rma AS via_rma" +
		" FROM (SELECT h.serial, MAX(h.via_rma) AS via_rma FROM (" + branches + ") h GROUP BY h.serial) g" +
		" JOIN rma_units u ON u.serial = g.serial" +
		" LEFT JOIN rma_unit_registrations r ON r.serial = g.serial" +
		" WHERE " + where.sql + " ORDER BY u.serial" + fmt.Sprintf(" LIMIT %d", limit)
	conn := db.Conn(ctx, s.db)
	var rows []heldRow
	if err := conn.Raw(q, append(args, where.args...)...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: held units: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	serials := make([]string, len(rows))
	for i, r := range rows {
		serials[i] = r.Unit.Serial
	}
	open, err := s.openRMAs(ctx, v, serials)
	if err != nil {
		return nil, err
	}
	out := make([]rma.HeldUnit, len(rows))
	for i, r := range rows {
		out[i] = toHeldUnit(v, r, open[r.Unit.Serial])
	}
	return out, nil
}

// openRMAs is the newest open RMA v sees of each of serials. The serial index drives the
// lookup, so the plain owner-or-org condition only filters a unit's few RMAs.
func (s *Store) openRMAs(ctx context.Context, v rma.Viewer, serials []string) (map[string]*rma.OpenRMARef, error) {
	cond, args := seenBy("", v)
	var rows []struct {
		Serial, Number, UID, Status string
	}
	err := db.Conn(ctx, s.db).Raw("SELECT serial, number, uid, status FROM rma_rmas WHERE serial IN ? AND status NOT IN ? AND "+cond+
		" ORDER BY created_at DESC, number DESC", append([]any{serials, rma.EndStatuses}, args...)...).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: open rmas of held units: %w", err)
	}
	open := make(map[string]*rma.OpenRMARef, len(rows))
	for _, r := range rows {
		if _, ok := open[r.Serial]; !ok {
			open[r.Serial] = &rma.OpenRMARef{Number: r.Number, UID: r.UID, Status: rma.Status(r.Status)}
		}
	}
	return open, nil
}

// UnitRMAs implements rma.HoldingsStore; the serial index drives it, as in openRMAs.
func (s *Store) UnitRMAs(ctx context.Context, v rma.Viewer, serial string, limit int) ([]rma.HistoryItem, error) {
	cond, args := seenBy("", v)
	q := "SELECT " + historyColumns + " FROM rma_rmas WHERE serial = ? AND " + cond +
		" ORDER BY created_at DESC, number DESC" + fmt.Sprintf(" LIMIT %d", limit)
	return s.historyRows(ctx, q, append([]any{serial}, args...))
}

// toHeldUnit is a held row as the core reads it: the registration counts only when v sees it
// (a unit v holds through an RMA may be someone else's registered unit).
func toHeldUnit(v rma.Viewer, r heldRow, open *rma.OpenRMARef) rma.HeldUnit {
	h := rma.HeldUnit{Unit: toUnit(r.Unit), OpenRMA: open, Sources: []string{}}
	if r.RegOwner != nil && v.Sees(*r.RegOwner, deref(r.RegOrg)) {
		h.Registered = true
		if r.RegisteredAt != nil {
			at := r.RegisteredAt.UTC()
			h.RegisteredAt = &at
		}
		h.Sources = append(h.Sources, rma.SourceRegistration)
	}
	if r.ViaRMA == 1 {
		h.Sources = append(h.Sources, rma.SourceRMA)
	}
	return h
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
