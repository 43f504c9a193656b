package depotdb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// queueRow is what the queue reads of an RMA (rma_rmas, owned by the rma capability: read
// only), its unit's warranty (rma_units) and its receipt: the timeline's move to RECEIVED
// (rma_events), which every received RMA has, whether the depot's scan or an earlier way of
// receiving wrote it. The lifecycle moves an RMA into RECEIVED once, so the join adds no rows.
type queueRow struct {
	Number, Serial, Model, RMAType, Status string
	WarrantyType                           string
	ContactFirstName, ContactLastName      string
	ContactCompany                         string
	CreatedAt                              time.Time
	ReceivedAt                             *time.Time
	PromisedShipDate                       *string
}

const queueSelect = `SELECT r.number, r.serial, r.model, r.rma_type, r.status, COALESCE(u.warranty_type, '') AS warranty_type,
	r.contact_first_name, r.contact_last_name, r.contact_company, r.created_at, e.at AS received_at,
	r.promised_ship_date
FROM rma_rmas r
LEFT JOIN rma_units u ON u.serial = r.serial
LEFT JOIN rma_events e ON e.rma_number = r.number AND e.kind = 'status' AND e.status = 'RECEIVED'`

// workStatuses are the statuses whose RMAs the depot has work on or waits for, in lifecycle
// order: not the customer's payment, nor an end. A unit returning unrepaired still waits to be
// shipped back.
var workStatuses = []string{
	string(rma.StatusAwaitingUnit), string(rma.StatusReceived), string(rma.StatusDiagnosing),
	string(rma.StatusQuotePending), string(rma.StatusRepairing), string(rma.StatusReturnUnrepaired),
}

// Queue implements depot.Store: oldest first, (created_at, number) as the keyset.
func (s *Store) Queue(ctx context.Context, q depot.QueueQuery) ([]depot.QueueRow, error) {
	var where []string
	var args []any
	if q.Status != "" {
		where, args = append(where, "r.status = ?"), append(args, string(q.Status))
	} else {
		where, args = append(where, "r.status IN ?"), append(args, workStatuses)
	}
	if q.Model != "" {
		where, args = append(where, "UPPER(r.model) = ?"), append(args, strings.ToUpper(q.Model))
	}
	if q.WarrantyType != "" {
		where, args = append(where, "UPPER(u.warranty_type) = ?"), append(args, strings.ToUpper(q.WarrantyType))
	}
	if q.Search != "" {
		// Numbers and serials are stored upper-case (rma trims and upper-cases both), so the
		// upper-cased search matches whole on the columns' indexes.
		where, args = append(where, "(r.number = ? OR r.serial = ?)"), append(args, q.Search, q.Search)
	}
	if q.After != nil {
		where, args = append(where, "(r.created_at, r.number) > (?, ?)"), append(args, q.After.CreatedAt.UTC(), q.After.Number)
	}
	sql := queueSelect + " WHERE " + strings.Join(where, " AND ") + fmt.Sprintf(" ORDER BY r.created_at, r.number LIMIT %d", q.Limit)
	var rows []queueRow
	if err := db.Conn(ctx, s.gdb).Raw(sql, args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("depotdb: queue: %w", err)
	}
	out := make([]depot.QueueRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, toQueueRow(r))
	}
	return out, nil
}

func toQueueRow(r queueRow) depot.QueueRow {
	customer := strings.TrimSpace(r.ContactFirstName + " " + r.ContactLastName)
	if r.ContactCompany != "" {
		customer += " (" + r.ContactCompany + ")"
	}
	row := depot.QueueRow{Number: r.Number, Serial: r.Serial, Model: r.Model, Type: r.RMAType, Status: rma.Status(r.Status),
		WarrantyType: r.WarrantyType, Customer: customer, CreatedAt: r.CreatedAt.UTC()}
	if r.PromisedShipDate != nil {
		row.PromisedShipDate = *r.PromisedShipDate
	}
	if r.ReceivedAt != nil {
		at := r.ReceivedAt.UTC()
		row.ReceivedAt = &at
	}
	return row
}

// backlogRow is one status's count and its breaches.
type backlogRow struct {
	Status   string
	Count    int
	Breached int
}

// Backlog implements depot.Store: the RMAs waiting per work status that has any, in lifecycle
// order, with
// the oldest one's creation (read per status from the column itself: an aggregate of a
// timestamp comes back from SQLite as text).
func (s *Store) Backlog(ctx context.Context, today string) ([]depot.BacklogCount, error) {
	conn := db.Conn(ctx, s.gdb)
	var rows []backlogRow
	// Dates are YYYY-MM-DD text, so they compare as they sort.
	err := conn.Raw(`SELECT status, COUNT(*) AS count,
	SUM(CASE WHEN promised_ship_date IS NOT NULL AND promised_ship_date < ? THEN 1 ELSE 0 END) AS breached
FROM rma_rmas WHERE status IN ? GROUP BY status`, today, workStatuses).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("depotdb: backlog: %w", err)
	}
	counts := map[string]backlogRow{}
	for _, r := range rows {
		counts[r.Status] = r
	}
	out := make([]depot.BacklogCount, 0, len(workStatuses))
	for _, st := range workStatuses {
		c := depot.BacklogCount{Status: rma.Status(st), Count: counts[st].Count, Breached: counts[st].Breached}
		if c.Count == 0 {
			continue
		}
		{
			var oldest []struct{ CreatedAt time.Time }
			err := conn.Raw(`SELECT created_at FROM rma_rmas WHERE status = ? ORDER BY created_at LIMIT 1`, st).Scan(&oldest).Error
			if err != nil {
				return nil, fmt.Errorf("depotdb: backlog of %s: %w", st, err)
			}
			if len(oldest) == 1 {
				c.Oldest = oldest[0].CreatedAt.UTC()
			}
		}
		out = append(out, c)
	}
	return out, nil
}
