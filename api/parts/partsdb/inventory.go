package partsdb

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/visibility"
)

var _ parts.OrderedSerials = (*Store)(nil)

// inventoryStatuses are the orders whose units count: paid (placed) or shipped. An order still
// awaiting its payment, or cancelled, bought nothing.
var inventoryStatuses = []string{string(parts.StatusPlaced), string(parts.StatusShipped)}

// orderedRow is one unit of an order line as the inventory reads it.
type orderedRow struct {
	Serial     string
	OrderID    string
	LineNo     int
	CreatedAt  time.Time
	PartNumber string
	Quantity   int
}

// OrderedSerials implements parts.OrderedSerials in two reads, each cut to limit newest first:
// the video lines' units (parts_order_serials of video orders, one part per unit) and the
// serials parts lines were searched by (the line's quantity); a line naming a unit both ways
// counts once. Both are what the order checked against the customer's holdings when it was
// placed: a video line's serials, and a searched serial (recorded only when held). Serials on
// a parts order's line are refused when ordering, so the video read names the kind, lest a row
// written otherwise put a unit in someone's inventory. The
// orders are v's own and v's organization's: one owner-or-org condition, since the rows are
// read whole up to limit rather than paged through an index's order.
func (s *Store) OrderedSerials(ctx context.Context, v visibility.Viewer, serial string, limit int) ([]parts.OrderedUnit, error) {
	conn := db.Conn(ctx, s.db)
	seen := "o.owner = ?"
	args := []any{v.Subject}
	if v.Org != "" {
		seen, args = "(o.owner = ? OR o.org = ?)", []any{v.Subject, v.Org}
	}
	where := seen + " AND o.status IN ?"
	args = append(args, inventoryStatuses)
	bySerial, searched := "", ""
	if serial != "" {
		bySerial, searched = " AND s.serial = ?", " AND l.search_serial = ?"
	}
	read := func(q string, serialArgs ...any) ([]orderedRow, error) {
		var rows []orderedRow
		err := conn.Raw(q+" ORDER BY o.created_at DESC, o.id DESC"+fmt.Sprintf(" LIMIT %d", limit), append(slices.Clone(args), serialArgs...)...).
			Scan(&rows).Error
		return rows, err
	}
	var serialArgs []any
	if serial != "" {
		serialArgs = []any{serial}
	}
	video, err := read("SELECT s.serial AS serial, o.id AS order_id, s.line_no AS line_no, o.created_at AS created_at,"+
		" l.part_number AS part_number, 1 AS quantity FROM parts_order_serials s"+
		" JOIN parts_order_lines l ON l.order_id = s.order_id AND l.line_no = s.line_no"+
		" JOIN parts_orders o ON o.id = s.order_id WHERE "+where+" AND o.kind = '"+string(parts.KindVideo)+"'"+bySerial, serialArgs...)
	if err != nil {
		return nil, fmt.Errorf("partsdb: ordered units: %w", err)
	}
	lines, err := read("SELECT l.search_serial AS serial, o.id AS order_id, l.line_no AS line_no, o.created_at AS created_at,"+
		" l.part_number AS part_number, l.quantity AS quantity FROM parts_order_lines l"+
		" JOIN parts_orders o ON o.id = l.order_id WHERE "+where+" AND l.search_serial <> ''"+searched, serialArgs...)
	if err != nil {
		return nil, fmt.Errorf("partsdb: searched units: %w", err)
	}
	type key struct {
		order  string
		line   int
		serial string
	}
	done := map[key]bool{}
	rows := append(video, lines...)
	slices.SortStableFunc(rows, func(a, b orderedRow) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(b.OrderID, a.OrderID)
	})
	out := []parts.OrderedUnit{}
	for _, r := range rows {
		k := key{r.OrderID, r.LineNo, r.Serial}
		if done[k] || len(out) == limit {
			continue
		}
		done[k] = true
		out = append(out, parts.OrderedUnit{
			Serial: r.Serial, RMABatchID: r.OrderID, CreatedAt: r.CreatedAt.UTC(), PartNumber: r.PartNumber, Quantity: r.Quantity,
		})
	}
	return out, nil
}
