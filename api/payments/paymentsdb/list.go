package paymentsdb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/visibility"
)

// A viewer's quotes are two disjoint branches read apart and joined with UNION ALL: their own
// (owner = ?) and, for a member, the rest of their organization's (org = ? AND owner <> ?). One
// "owner = ? OR org = ?" would read neither index in order; each branch here is an ordered range
// scan of its (owner|org, status, sort column, id) index, cut at the page's size.

// sortColumns are the columns of each sort; the id breaks ties.
var sortColumns = map[payments.QuoteSortField]string{
	payments.SortCreatedAt: "created_at",
	payments.SortExpiresAt: "expires_at",
	payments.SortAmount:    "amount_cents",
}

// branch is one side of the union: its condition and arguments.
type branch struct {
	where string
	args  []any
}

func branches(v visibility.Viewer) []branch {
	out := []branch{{where: "owner = ?", args: []any{v.Subject}}}
	if v.Org != "" {
		out = append(out, branch{where: "org = ? AND owner <> ?", args: []any{v.Org, v.Subject}})
	}
	return out
}

// filter is the search's condition, the same in each branch.
func filter(s payments.QuoteSearch, now time.Time) (string, []any) {
	var conds []string
	var args []any
	kinds := make([]string, len(s.Kinds))
	for i, k := range s.Kinds {
		kinds[i] = "?"
		args = append(args, string(k))
	}
	conds = append(conds, "kind IN ("+strings.Join(kinds, ", ")+")")

	var statuses []string
	for _, st := range s.Statuses {
		switch st {
		case payments.StatusOpen:
			// A saved quote an RMA took over is paid with that RMA: it is no longer listed as open.
			statuses = append(statuses, "(status = ? AND expires_at > ? AND (kind <> ? OR rma_number = ''))")
			args = append(args, string(payments.StatusOpen), now, string(payments.KindSaved))
		case payments.StatusExpired:
			statuses = append(statuses, "(status = ? OR (status = ? AND expires_at <= ?))")
			args = append(args, string(payments.StatusExpired), string(payments.StatusOpen), now)
		default:
			statuses = append(statuses, "status = ?")
			args = append(args, string(st))
		}
	}
	conds = append(conds, "("+strings.Join(statuses, " OR ")+")")

	if s.Text != "" {
		like := "%" + escapeLike(strings.ToLower(s.Text)) + "%"
		conds = append(conds, `(LOWER(id) LIKE ? ESCAPE '\' OR LOWER(serial) LIKE ? ESCAPE '\' OR LOWER(rma_number) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	return strings.Join(conds, " AND "), args
}

// escapeLike makes the text's own %, _ and \ match themselves.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// ListQuotes implements payments.QuoteLister.
func (s *Store) ListQuotes(ctx context.Context, q payments.QuoteQuery) ([]payments.Quote, error) {
	if q.Viewer.Subject == "" || q.Limit <= 0 {
		return nil, nil
	}
	sql, args, err := listSQL(q)
	if err != nil {
		return nil, err
	}
	var rows []quoteRow
	if err := db.Conn(ctx, s.db).Raw(sql, args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("paymentsdb: list quotes: %w", err)
	}
	return toQuotes(rows)
}

// listSQL is the statement of one scan: each branch cut at the page's size in the scan's order,
// then the two merged and cut again.
func listSQL(q payments.QuoteQuery) (string, []any, error) {
	col, ok := sortColumns[q.Sort.Field]
	if !ok {
		return "", nil, fmt.Errorf("paymentsdb: unknown quote sort %q", q.Sort.Field)
	}
	// The scan runs descending for a descending sort read forward, or an ascending one read back.
	desc := q.Sort.Desc != q.Backward
	dir, cmp := "ASC", ">"
	if desc {
		dir, cmp = "DESC", "<"
	}
	order := fmt.Sprintf("%s %s, id %s", col, dir, dir)
	cond, condArgs := filter(q.Search, q.Now)
	var keyArgs []any
	if q.From != nil {
		cond += fmt.Sprintf(" AND (%s, id) %s (?, ?)", col, cmp)
		var value any = q.From.At.UTC()
		if q.Sort.Field == payments.SortAmount {
			value = q.From.Cents
		}
		keyArgs = []any{value, q.From.ID}
	}
	var parts []string
	var args []any
	for i, b := range branches(q.Viewer) {
		parts = append(parts, fmt.Sprintf("SELECT * FROM (SELECT * FROM payments_quotes WHERE %s AND %s ORDER BY %s LIMIT ?) AS b%d",
			b.where, cond, order, i))
		args = append(append(append(append(args, b.args...), condArgs...), keyArgs...), q.Limit)
	}
	return strings.Join(parts, " UNION ALL ") + " ORDER BY " + order + " LIMIT ?", append(args, q.Limit), nil
}

// CountQuotes implements payments.QuoteLister: one count per branch, added in the statement.
func (s *Store) CountQuotes(ctx context.Context, v visibility.Viewer, search payments.QuoteSearch, now time.Time) (int, error) {
	if v.Subject == "" {
		return 0, nil
	}
	cond, condArgs := filter(search, now)
	var parts []string
	var args []any
	for _, b := range branches(v) {
		parts = append(parts, fmt.Sprintf("(SELECT COUNT(*) FROM payments_quotes WHERE %s AND %s)", b.where, cond))
		args = append(append(args, b.args...), condArgs...)
	}
	var n int64
	if err := db.Conn(ctx, s.db).Raw("SELECT "+strings.Join(parts, " + "), args...).Scan(&n).Error; err != nil {
		return 0, fmt.Errorf("paymentsdb: count quotes: %w", err)
	}
	return int(n), nil
}

// PaidQuotes implements payments.QuoteLister.
func (s *Store) PaidQuotes(ctx context.Context, v visibility.Viewer, since time.Time) ([]payments.Quote, error) {
	if v.Subject == "" {
		return nil, nil
	}
	var parts []string
	var args []any
	for _, b := range branches(v) {
		parts = append(parts, fmt.Sprintf("SELECT * FROM payments_quotes WHERE %s AND status = ? AND paid_at >= ?", b.where))
		args = append(append(args, b.args...), string(payments.StatusPaid), since.UTC())
	}
	var rows []quoteRow
	if err := db.Conn(ctx, s.db).Raw(strings.Join(parts, " UNION ALL "), args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("paymentsdb: paid quotes: %w", err)
	}
	return toQuotes(rows)
}

func toQuotes(rows []quoteRow) ([]payments.Quote, error) {
	out := make([]payments.Quote, len(rows))
	for i, r := range rows {
		q, err := toQuote(r)
		if err != nil {
			return nil, err
		}
		out[i] = q
	}
	return out, nil
}
