package rmadb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// historyColumns are what a history row reads of an RMA.
const historyColumns = "uid, number, rma_type, status, serial, model, problem, customer_reference, asset_tag, " +
	"owner, org, opened_by_name, promised_ship_date, batch_id, created_at, updated_at"

type historyRow struct {
	UID               string `gorm:"column:uid"`
	Number            string
	RMAType           string
	Status            string
	Serial            string
	Model             string
	Problem           string
	CustomerReference string
	AssetTag          string
	Owner             string
	Org               string
	OpenedByName      string
	PromisedShipDate  *string
	BatchID           *string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (r historyRow) item() rma.HistoryItem {
	return rma.HistoryItem{
		UID: r.UID, Number: r.Number, Type: r.RMAType, Status: rma.Status(r.Status), Serial: r.Serial, Model: r.Model,
		Problem: r.Problem, CustomerReference: r.CustomerReference, AssetTag: r.AssetTag, Owner: r.Owner, Org: r.Org,
		OpenedBy: r.OpenedByName, PromisedShipDate: parseDate(r.PromisedShipDate), BatchID: deref(r.BatchID),
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
}

// sortColumns whitelists the columns an order may name; nothing else reaches the SQL.
var sortColumns = map[rma.SortField]string{
	rma.SortCreatedAt: "created_at",
	rma.SortUpdatedAt: "updated_at",
	rma.SortRMANumber: "number",
	rma.SortStatus:    "status",
	rma.SortSerial:    "serial",
	rma.SortModel:     "model",
}

// sqlPart is a piece of SQL with its arguments.
type sqlPart struct {
	sql  string
	args []any
}

func and(parts ...sqlPart) sqlPart {
	var out sqlPart
	var sqls []string
	for _, p := range parts {
		if p.sql == "" {
			continue
		}
		sqls = append(sqls, "("+p.sql+")")
		out.args = append(out.args, p.args...)
	}
	out.sql = strings.Join(sqls, " AND ")
	if out.sql == "" {
		out.sql = "1 = 1"
	}
	return out
}

// visibility splits what v sees into disjoint branches, each an ordered range of one index:
// their own RMAs (owner, …) and the rest of their organization's (org, …), whose filter drops
// only the viewer's own share of the organization. A single "owner = ? OR org = ?" would defeat
// the ordered index scans that keep deep keyset pages cheap; so would an own-branch filtered
// by organization, which a member whose RMAs are all the organization's scans to the end.
func visibility(v rma.Viewer) []sqlPart {
	own := sqlPart{sql: "owner = ?", args: []any{v.Subject}}
	if v.Org == "" {
		return []sqlPart{own}
	}
	return []sqlPart{own, {sql: "org = ? AND owner <> ?", args: []any{v.Org, v.Subject}}}
}

// likeEscaper makes the customer's text literal inside a LIKE pattern.
var likeEscaper = strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")

// filter is f as SQL for dialect d.
func filter(d db.Dialect, f rma.HistoryFilter) sqlPart {
	var parts []sqlPart
	if f.Text != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(f.Text)) + "%"
		var ors []string
		var args []any
		for _, col := range []string{"number", "serial", "model", "customer_reference", "asset_tag"} {
			ors = append(ors, "lower("+col+") LIKE ? ESCAPE '!'")
			args = append(args, pattern)
		}
		parts = append(parts, sqlPart{sql: strings.Join(ors, " OR "), args: args})
	}
	if len(f.Years) > 0 {
		// Ranges rather than a function of the column, so an index on created_at still serves.
		var ors []string
		var args []any
		for _, y := range f.Years {
			ors = append(ors, "created_at >= ? AND created_at < ?")
			args = append(args, time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC))
		}
		parts = append(parts, sqlPart{sql: strings.Join(ors, " OR "), args: args})
	}
	if len(f.Months) > 0 {
		month := "CAST(strftime('%m', created_at) AS INTEGER)"
		if d == db.Postgres {
			month = "EXTRACT(MONTH FROM created_at AT TIME ZONE 'UTC')"
		}
		parts = append(parts, sqlPart{sql: month + " IN ?", args: []any{f.Months}})
	}
	if len(f.Statuses) > 0 {
		parts = append(parts, sqlPart{sql: "status IN ?", args: []any{f.Statuses}})
	}
	return and(parts...)
}

// orderBy is the ORDER BY of sorts, ties broken by the number in the first key's direction.
func orderBy(sorts []rma.HistorySort) string {
	var keys []string
	hasNumber := false
	for _, s := range sorts {
		col := sortColumns[s.Field]
		hasNumber = hasNumber || col == "number"
		keys = append(keys, col+dir(s.Desc))
	}
	if !hasNumber {
		keys = append(keys, "number"+dir(sorts[0].Desc))
	}
	return strings.Join(keys, ", ")
}

func dir(desc bool) string {
	if desc {
		return " DESC"
	}
	return " ASC"
}

// seek is "strictly after k in the order s" as a row-value comparison, which both databases
// answer from the (…, sort column, number) indexes.
func seek(s rma.HistorySort, k *rma.HistoryKey) sqlPart {
	if k == nil {
		return sqlPart{}
	}
	op := ">"
	if s.Desc {
		op = "<"
	}
	col := sortColumns[s.Field]
	switch {
	case col == "number":
		return sqlPart{sql: "number " + op + " ?", args: []any{k.Number}}
	case s.Field.IsTime():
		return sqlPart{sql: "(" + col + ", number) " + op + " (?, ?)", args: []any{k.At.UTC(), k.Number}}
	default:
		return sqlPart{sql: "(" + col + ", number) " + op + " (?, ?)", args: []any{k.Text, k.Number}}
	}
}

// listQuery reads the rows of every branch matching where, in order, skipping offset and
// keeping limit (0: all). With two branches each is ordered and cut to offset+limit on its own
// index before the two are merged.
func listQuery(branches []sqlPart, where sqlPart, order string, offset, limit int) (string, []any) {
	cut := func(n int) string {
		if n <= 0 {
			return ""
		}
		return fmt.Sprintf(" LIMIT %d", n)
	}
	if len(branches) == 1 {
		w := and(branches[0], where)
		q := "SELECT " + historyColumns + " FROM rma_rmas WHERE " + w.sql + " ORDER BY " + order + cut(limit)
		if offset > 0 {
			q += fmt.Sprintf(" OFFSET %d", offset)
		}
		return q, w.args
	}
	var selects []string
	var args []any
	inner := 0
	if limit > 0 {
		inner = offset + limit
	}
	for i, b := range branches {
		w := and(b, where)
		selects = append(selects, fmt.Sprintf("SELECT * FROM (SELECT %s FROM rma_rmas WHERE %s ORDER BY %s%s) AS b%d",
			historyColumns, w.sql, order, cut(inner), i))
		args = append(args, w.args...)
	}
	q := strings.Join(selects, " UNION ALL ") + " ORDER BY " + order + cut(limit)
	if offset > 0 {
		q += fmt.Sprintf(" OFFSET %d", offset)
	}
	return q, args
}

func (s *Store) historyRows(ctx context.Context, q string, args []any) ([]rma.HistoryItem, error) {
	var rows []historyRow
	if err := db.Conn(ctx, s.db).Raw(q, args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: history: %w", err)
	}
	items := make([]rma.HistoryItem, len(rows))
	for i, r := range rows {
		items[i] = r.item()
	}
	return items, nil
}

// HistorySeek implements rma.HistoryStore.
func (s *Store) HistorySeek(ctx context.Context, v rma.Viewer, f rma.HistoryFilter, sort rma.HistorySort, after *rma.HistoryKey, limit int) ([]rma.HistoryItem, error) {
	where := and(filter(db.DialectOf(s.db), f), seek(sort, after))
	q, args := listQuery(visibility(v), where, orderBy([]rma.HistorySort{sort}), 0, limit)
	return s.historyRows(ctx, q, args)
}

// HistoryOffset implements rma.HistoryStore.
func (s *Store) HistoryOffset(ctx context.Context, v rma.Viewer, f rma.HistoryFilter, sorts []rma.HistorySort, offset, limit int) ([]rma.HistoryItem, error) {
	q, args := listQuery(visibility(v), filter(db.DialectOf(s.db), f), orderBy(sorts), offset, limit)
	return s.historyRows(ctx, q, args)
}

// HistoryCount implements rma.HistoryStore.
func (s *Store) HistoryCount(ctx context.Context, v rma.Viewer, f rma.HistoryFilter) (int, error) {
	where := filter(db.DialectOf(s.db), f)
	var counts []string
	var args []any
	for _, b := range visibility(v) {
		w := and(b, where)
		counts = append(counts, "(SELECT count(*) FROM rma_rmas WHERE "+w.sql+")")
		args = append(args, w.args...)
	}
	var n int64
	if err := db.Conn(ctx, s.db).Raw("SELECT "+strings.Join(counts, " + "), args...).Scan(&n).Error; err != nil {
		return 0, fmt.Errorf("rmadb: history count: %w", err)
	}
	return int(n), nil
}

// HistoryEach implements rma.HistoryStore, one row at a time from the database's cursor.
func (s *Store) HistoryEach(ctx context.Context, v rma.Viewer, f rma.HistoryFilter, sorts []rma.HistorySort, fn func(rma.HistoryItem) error) error {
	q, args := listQuery(visibility(v), filter(db.DialectOf(s.db), f), orderBy(sorts), 0, 0)
	conn := db.Conn(ctx, s.db)
	rows, err := conn.Raw(q, args...).Rows()
	if err != nil {
		return fmt.Errorf("rmadb: history: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r historyRow
		if err := conn.ScanRows(rows, &r); err != nil {
			return fmt.Errorf("rmadb: history row: %w", err)
		}
		if err := fn(r.item()); err != nil {
			return err
		}
	}
	return rows.Err()
}

// VisibleRMAByUID implements rma.HistoryStore.
func (s *Store) VisibleRMAByUID(ctx context.Context, v rma.Viewer, uid string) (rma.RMA, error) {
	return s.visibleRMA(ctx, v, "uid = ?", uid)
}

// VisibleRMAByNumber implements rma.HistoryStore.
func (s *Store) VisibleRMAByNumber(ctx context.Context, v rma.Viewer, number string) (rma.RMA, error) {
	return s.visibleRMA(ctx, v, "number = ?", number)
}

// visibleRMA reads one RMA by a unique column; one lookup, so a plain OR costs nothing here.
func (s *Store) visibleRMA(ctx context.Context, v rma.Viewer, by string, value string) (rma.RMA, error) {
	q := db.Conn(ctx, s.db).Where(by, value)
	if v.Org == "" {
		q = q.Where("owner = ?", v.Subject)
	} else {
		q = q.Where("owner = ? OR org = ?", v.Subject, v.Org)
	}
	var row rmaRow
	err := q.Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	if err != nil {
		return rma.RMA{}, fmt.Errorf("rmadb: visible rma: %w", err)
	}
	return toRMA(row), nil
}
