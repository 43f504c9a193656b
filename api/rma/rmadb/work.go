package rmadb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// workRow is what the depot's queue reads of an RMA, its unit's warranty and its receipt: the
// timeline's move to RECEIVED, which every received RMA has whoever received it. The lifecycle
// moves an RMA into RECEIVED once, so the join adds no rows.
type workRow struct {
	Number, Serial, Model, RMAType, Status string
	WarrantyType                           string
	ContactFirstName, ContactLastName      string
	ContactCompany                         string
	CreatedAt                              time.Time
	ReceivedAt                             *time.Time
	PromisedShipDate                       *string
}

const workSelect = `SELECT r.number, r.serial, r.model, r.rma_type, r.status, COALESCE(u.warranty_type, '') AS warranty_type,
	r.contact_first_name, r.contact_last_name, r.contact_company, r.created_at, e.at AS received_at,
	r.promised_ship_date
FROM rma_rmas r
LEFT JOIN rma_units u ON u.serial = r.serial
LEFT JOIN rma_events e ON e.rma_number = r.number AND e.kind = 'status' AND e.status = 'RECEIVED'`

// InWork implements rma.WorkStore: oldest first, (created_at, number) as the keyset.
func (s *Store) InWork(ctx context.Context, q rma.WorkQuery) ([]rma.WorkRow, error) {
	var where []string
	var args []any
	if q.Status != "" {
		where, args = append(where, "r.status = ?"), append(args, string(q.Status))
	} else {
		where, args = append(where, "r.status IN ?"), append(args, statusStrings(q.Statuses))
	}
	if q.Model != "" {
		where, args = append(where, "UPPER(r.model) = ?"), append(args, strings.ToUpper(q.Model))
	}
	if q.WarrantyType != "" {
		where, args = append(where, "UPPER(u.warranty_type) = ?"), append(args, strings.ToUpper(q.WarrantyType))
	}
	if q.Search != "" {
		// Numbers and serials are stored upper-case, so the upper-cased search matches whole on
		// the columns' indexes.
		where, args = append(where, "(r.number = ? OR r.serial = ?)"), append(args, q.Search, q.Search)
	}
	if q.After != nil {
		where, args = append(where, "(r.created_at, r.number) > (?, ?)"), append(args, q.After.CreatedAt.UTC(), q.After.Number)
	}
	sql := workSelect + " WHERE " + strings.Join(where, " AND ") + fmt.Sprintf(" ORDER BY r.created_at, r.number LIMIT %d", q.Limit)
	var rows []workRow
	if err := db.Conn(ctx, s.db).Raw(sql, args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: RMAs in work: %w", err)
	}
	out := make([]rma.WorkRow, 0, len(rows))
	for _, r := range rows {
		w := rma.WorkRow{Number: r.Number, Serial: r.Serial, Model: r.Model, Type: r.RMAType, Status: rma.Status(r.Status),
			WarrantyType: r.WarrantyType, CreatedAt: r.CreatedAt.UTC(),
			Contact: rma.Contact{FirstName: r.ContactFirstName, LastName: r.ContactLastName, Company: r.ContactCompany}}
		if r.PromisedShipDate != nil {
			w.PromisedShipDate = *r.PromisedShipDate
		}
		if r.ReceivedAt != nil {
			at := r.ReceivedAt.UTC()
			w.ReceivedAt = &at
		}
		out = append(out, w)
	}
	return out, nil
}

// WorkCounts implements rma.WorkStore. The oldest creation is read per status from the column
// itself: an aggregate of a timestamp comes back from SQLite as text.
func (s *Store) WorkCounts(ctx context.Context, statuses []rma.Status, today string) ([]rma.WorkCount, error) {
	conn := db.Conn(ctx, s.db)
	var rows []struct {
		Status          string
		Count, Breached int
	}
	// Dates are YYYY-MM-DD text, so they compare as they sort.
	err := conn.Raw(`SELECT status, COUNT(*) AS count,
	SUM(CASE WHEN promised_ship_date IS NOT NULL AND promised_ship_date < ? THEN 1 ELSE 0 END) AS breached
FROM rma_rmas WHERE status IN ? GROUP BY status`, today, statusStrings(statuses)).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: RMAs in work by status: %w", err)
	}
	counts := map[string]rma.WorkCount{}
	for _, r := range rows {
		counts[r.Status] = rma.WorkCount{Status: rma.Status(r.Status), Count: r.Count, Breached: r.Breached}
	}
	out := make([]rma.WorkCount, 0, len(statuses))
	for _, st := range statuses {
		c, ok := counts[string(st)]
		if !ok || c.Count == 0 {
			continue
		}
		var oldest []struct{ CreatedAt time.Time }
		err := conn.Raw(`SELECT created_at FROM rma_rmas WHERE status = ? ORDER BY created_at LIMIT 1`, string(st)).Scan(&oldest).Error
		if err != nil {
			return nil, fmt.Errorf("rmadb: oldest RMA in %s: %w", st, err)
		}
		if len(oldest) == 1 {
			c.Oldest = oldest[0].CreatedAt.UTC()
		}
		out = append(out, c)
	}
	return out, nil
}

func statusStrings(ss []rma.Status) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return out
}
