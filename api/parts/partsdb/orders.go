package partsdb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// orderRow is one parts order (a batch, rmaBatchId PB-nnnnnn). The history reads it by owner
// and by organization, newest first (migration 00002's indexes).
type orderRow struct {
	ID               string    `gorm:"primaryKey;size:12"`
	Kind             string    `gorm:"size:10;not null"`
	Owner            string    `gorm:"size:100;not null;index:parts_orders_owner,priority:1"`
	Org              string    `gorm:"size:100;not null;index:parts_orders_org,priority:1"`
	OrderedByName    string    `gorm:"size:100;not null"`
	Status           string    `gorm:"size:20;not null"`
	FirstName        string    `gorm:"size:35;not null"`
	LastName         string    `gorm:"size:35;not null"`
	Email            string    `gorm:"size:254;not null"`
	Phone            string    `gorm:"size:25;not null"`
	PhoneCountryCode string    `gorm:"size:5;not null"`
	Company          string    `gorm:"size:35;not null"`
	Position         string    `gorm:"size:35;not null"`
	Line1            string    `gorm:"size:100;not null"`
	Line2            string    `gorm:"size:100;not null"`
	City             string    `gorm:"size:100;not null"`
	State            string    `gorm:"size:50;not null"`
	Country          string    `gorm:"size:2;not null"`
	PostalCode       string    `gorm:"size:20;not null"`
	PaymentMethod    string    `gorm:"size:10;not null"`
	CustomerPO       string    `gorm:"column:customer_po;size:50;not null"`
	TotalCents       int64     `gorm:"not null"`
	Currency         string    `gorm:"size:3;not null"`
	QuoteID          string    `gorm:"size:20;not null"`
	CreatedAt        time.Time `gorm:"not null;index:parts_orders_owner,priority:2;index:parts_orders_org,priority:2"`
	UpdatedAt        time.Time `gorm:"not null"`
}

func (orderRow) TableName() string { return "parts_orders" }

// orderLineRow is one line of an order, priced when it was ordered.
type orderLineRow struct {
	OrderID        string `gorm:"primaryKey;size:12"`
	LineNo         int    `gorm:"primaryKey;autoIncrement:false"`
	PartNumber     string `gorm:"size:40;not null"`
	Description    string `gorm:"size:300;not null"`
	Quantity       int    `gorm:"not null"`
	UnitPriceCents int64  `gorm:"not null"`
	LineTotalCents int64  `gorm:"not null"`
	Currency       string `gorm:"size:3;not null"`
	Model          string `gorm:"size:30;not null"`
	// SearchSerial is the serial the customer searched the catalogue by, "" when none.
	SearchSerial string `gorm:"size:50;not null"`
}

func (orderLineRow) TableName() string { return "parts_order_lines" }

// orderSerialRow is a video unit a line is for; indexed by serial so a unit's profile finds the
// orders of its parts.
type orderSerialRow struct {
	OrderID string `gorm:"primaryKey;size:12"`
	LineNo  int    `gorm:"primaryKey;autoIncrement:false"`
	Serial  string `gorm:"primaryKey;size:50;index:parts_order_serials_serial"`
}

func (orderSerialRow) TableName() string { return "parts_order_serials" }

// orderKeyRow remembers which order an owner's idempotency key placed; the primary key makes a
// second order with the same key fail.
type orderKeyRow struct {
	Owner   string `gorm:"primaryKey;size:100"`
	Key     string `gorm:"column:idempotency_key;primaryKey;size:100"`
	OrderID string `gorm:"size:12;not null"`
}

func (orderKeyRow) TableName() string { return "parts_order_keys" }

// counterRow hands out rmaBatchIds.
type counterRow struct {
	Name  string `gorm:"primaryKey;size:20"`
	Value int64  `gorm:"not null"`
}

func (counterRow) TableName() string { return "parts_counters" }

var (
	_ parts.OrderStore = (*Store)(nil)
	_ parts.ShipStore  = (*Store)(nil)
)

// NextBatchID implements parts.OrderStore: one UPDATE … RETURNING of the counter, which holds
// concurrent orders apart.
func (s *Store) NextBatchID(ctx context.Context) (string, error) {
	var next int64
	err := db.Conn(ctx, s.db).Raw("UPDATE parts_counters SET value = value + 1 WHERE name = ? RETURNING value", "order").Scan(&next).Error
	if err != nil {
		return "", fmt.Errorf("partsdb: next batch id: %w", err)
	}
	if next == 0 {
		return "", errors.New("partsdb: order counter missing (run Migrate)")
	}
	if next > 999999 {
		return "", errors.New("partsdb: rmaBatchIds are used up (PB-999999)")
	}
	return fmt.Sprintf("PB-%06d", next), nil
}

// CreateOrder implements parts.OrderStore.
func (s *Store) CreateOrder(ctx context.Context, o parts.Order, idempotencyKey string) error {
	conn := db.Conn(ctx, s.db)
	if idempotencyKey != "" {
		err := conn.Create(&orderKeyRow{Owner: o.Owner, Key: idempotencyKey, OrderID: o.ID}).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return parts.ErrDuplicateOrder
		}
		if err != nil {
			return fmt.Errorf("partsdb: idempotency key: %w", err)
		}
	}
	row, lines, serials := toOrderRows(o)
	if err := conn.Create(&row).Error; err != nil {
		return fmt.Errorf("partsdb: create order: %w", err)
	}
	if err := conn.Create(&lines).Error; err != nil {
		return fmt.Errorf("partsdb: create order lines: %w", err)
	}
	if len(serials) > 0 {
		if err := conn.Create(&serials).Error; err != nil {
			return fmt.Errorf("partsdb: create order serials: %w", err)
		}
	}
	return nil
}

// Order implements parts.OrderStore.
func (s *Store) Order(ctx context.Context, id string) (parts.Order, error) {
	var row orderRow
	err := db.Conn(ctx, s.db).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return parts.Order{}, parts.ErrOrderNotFound
	}
	if err != nil {
		return parts.Order{}, fmt.Errorf("partsdb: order %s: %w", id, err)
	}
	out, err := s.withLines(ctx, []orderRow{row})
	if err != nil {
		return parts.Order{}, err
	}
	return out[0], nil
}

// OrderForKey implements parts.OrderStore.
func (s *Store) OrderForKey(ctx context.Context, owner, key string) (parts.Order, bool, error) {
	var k orderKeyRow
	err := db.Conn(ctx, s.db).Where("owner = ? AND idempotency_key = ?", owner, key).Take(&k).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return parts.Order{}, false, nil
	}
	if err != nil {
		return parts.Order{}, false, fmt.Errorf("partsdb: order for key: %w", err)
	}
	o, err := s.Order(ctx, k.OrderID)
	return o, err == nil, err
}

// SetOrderStatus implements parts.OrderStore: UPDATE … WHERE status = from, so of racing
// changes one wins.
func (s *Store) SetOrderStatus(ctx context.Context, id string, from, to parts.OrderStatus, at time.Time) error {
	res := db.Conn(ctx, s.db).Model(&orderRow{}).Where("id = ? AND status = ?", id, string(from)).
		Updates(map[string]any{"status": string(to), "updated_at": at.UTC()})
	if res.Error != nil {
		return fmt.Errorf("partsdb: order %s status: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return parts.ErrOrderChanged
	}
	return nil
}

// Parts implements parts.OrderStore: the catalogue's parts of the numbers given.
func (s *Store) Parts(ctx context.Context, partNumbers []string) (map[string]parts.Part, error) {
	out := map[string]parts.Part{}
	if len(partNumbers) == 0 {
		return out, nil
	}
	var rows []partRow
	if err := db.Conn(ctx, s.db).Where("part_number IN ?", partNumbers).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("partsdb: parts: %w", err)
	}
	ps, err := s.withFits(ctx, rows)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		out[p.PartNumber] = p
	}
	return out, nil
}

// visible keeps the orders v sees: v's own, and v's organization's.
func visible(tx *gorm.DB, v visibility.Viewer) *gorm.DB {
	if v.Org == "" {
		return tx.Where("owner = ?", v.Subject)
	}
	return tx.Where("(owner = ? OR org = ?)", v.Subject, v.Org)
}

// searched applies the search: statuses, and text in the id, the customer PO or a line's part
// number, description or serial.
func (s *Store) searched(ctx context.Context, tx *gorm.DB, f parts.OrderSearch) *gorm.DB {
	if len(f.Statuses) > 0 {
		st := make([]string, len(f.Statuses))
		for i, x := range f.Statuses {
			st[i] = string(x)
		}
		tx = tx.Where("status IN ?", st)
	}
	if f.Text != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(f.Text)) + "%"
		lines := db.Conn(ctx, s.db).Model(&orderLineRow{}).Select("order_id").
			Where("LOWER(part_number) LIKE ? ESCAPE '!' OR LOWER(description) LIKE ? ESCAPE '!'", pattern, pattern)
		serials := db.Conn(ctx, s.db).Model(&orderSerialRow{}).Select("order_id").Where("LOWER(serial) LIKE ? ESCAPE '!'", pattern)
		tx = tx.Where("(LOWER(id) LIKE ? ESCAPE '!' OR LOWER(customer_po) LIKE ? ESCAPE '!' OR id IN (?) OR id IN (?))",
			pattern, pattern, lines, serials)
	}
	return tx
}

// OrdersPage implements parts.OrderLister: from the cursor's row value, in the sort's order
// (read backward when asked), Size+1 rows.
func (s *Store) OrdersPage(ctx context.Context, v visibility.Viewer, q parts.OrderPageQuery) ([]parts.Order, error) {
	tx := s.searched(ctx, visible(db.Conn(ctx, s.db).Model(&orderRow{}), v), q.Search)
	col := "created_at"
	if q.Sort.Field == parts.SortOrderTotal {
		col = "total_cents"
	}
	// Reading backward flips the order; the caller reverses the page back.
	desc := q.Sort.Desc != q.Backward
	op, dir := ">", "ASC"
	if desc {
		op, dir = "<", "DESC"
	}
	if q.After != nil {
		var val any = q.After.CreatedAt.UTC()
		if col == "total_cents" {
			val = q.After.TotalCents
		}
		tx = tx.Where(fmt.Sprintf("(%s %s ? OR (%s = ? AND id %s ?))", col, op, col, op), val, val, q.After.ID)
	}
	var rows []orderRow
	if err := tx.Order(col + " " + dir + ", id " + dir).Limit(q.Size + 1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("partsdb: orders page: %w", err)
	}
	return s.withLines(ctx, rows)
}

// CountOrders implements parts.OrderLister.
func (s *Store) CountOrders(ctx context.Context, v visibility.Viewer, f parts.OrderSearch) (int, error) {
	var n int64
	if err := s.searched(ctx, visible(db.Conn(ctx, s.db).Model(&orderRow{}), v), f).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("partsdb: count orders: %w", err)
	}
	return int(n), nil
}

func (s *Store) withLines(ctx context.Context, rows []orderRow) ([]parts.Order, error) {
	out := make([]parts.Order, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var lines []orderLineRow
	if err := db.Conn(ctx, s.db).Where("order_id IN ?", ids).Order("order_id, line_no").Find(&lines).Error; err != nil {
		return nil, fmt.Errorf("partsdb: order lines: %w", err)
	}
	var serials []orderSerialRow
	if err := db.Conn(ctx, s.db).Where("order_id IN ?", ids).Order("order_id, line_no, serial").Find(&serials).Error; err != nil {
		return nil, fmt.Errorf("partsdb: order serials: %w", err)
	}
	type lineKey struct {
		order string
		no    int
	}
	bySerial := map[lineKey][]string{}
	for _, sr := range serials {
		k := lineKey{sr.OrderID, sr.LineNo}
		bySerial[k] = append(bySerial[k], sr.Serial)
	}
	byOrder := map[string][]parts.OrderLine{}
	for _, l := range lines {
		sn := bySerial[lineKey{l.OrderID, l.LineNo}]
		if sn == nil {
			sn = []string{}
		}
		byOrder[l.OrderID] = append(byOrder[l.OrderID], parts.OrderLine{
			PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity,
			UnitPrice: money.Money{Cents: l.UnitPriceCents, Currency: l.Currency}, LineTotal: money.Money{Cents: l.LineTotalCents, Currency: l.Currency},
			Model: l.Model, Serials: sn, SearchSerial: l.SearchSerial,
		})
	}
	shipped, err := s.shipments(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		o := toOrder(r, byOrder[r.ID])
		o.Shipment = shipped[r.ID]
		out = append(out, o)
	}
	return out, nil
}

func toOrder(r orderRow, lines []parts.OrderLine) parts.Order {
	return parts.Order{
		ID: r.ID, Kind: parts.OrderKind(r.Kind), Owner: r.Owner, Org: r.Org, OrderedByName: r.OrderedByName,
		Status: parts.OrderStatus(r.Status),
		Contact: rma.Contact{
			FirstName: r.FirstName, LastName: r.LastName, Email: r.Email, Phone: r.Phone,
			PhoneCountryCode: r.PhoneCountryCode, Company: r.Company, Position: r.Position,
		},
		Address:       rma.Address{Line1: r.Line1, Line2: r.Line2, City: r.City, State: r.State, Country: r.Country, PostalCode: r.PostalCode},
		PaymentMethod: parts.PaymentMethod(r.PaymentMethod), CustomerPO: r.CustomerPO,
		Total: money.Money{Cents: r.TotalCents, Currency: r.Currency}, QuoteID: r.QuoteID, Lines: lines,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
}

func toOrderRows(o parts.Order) (orderRow, []orderLineRow, []orderSerialRow) {
	c, a := o.Contact, o.Address
	row := orderRow{
		ID: o.ID, Kind: string(o.Kind), Owner: o.Owner, Org: o.Org, OrderedByName: o.OrderedByName, Status: string(o.Status),
		FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone, PhoneCountryCode: c.PhoneCountryCode,
		Company: c.Company, Position: c.Position,
		Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode,
		PaymentMethod: string(o.PaymentMethod), CustomerPO: o.CustomerPO, TotalCents: o.Total.Cents, Currency: o.Total.Currency,
		QuoteID: o.QuoteID, CreatedAt: o.CreatedAt.UTC(), UpdatedAt: o.UpdatedAt.UTC(),
	}
	lines := make([]orderLineRow, len(o.Lines))
	var serials []orderSerialRow
	for i, l := range o.Lines {
		lines[i] = orderLineRow{
			OrderID: o.ID, LineNo: i + 1, PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity,
			UnitPriceCents: l.UnitPrice.Cents, LineTotalCents: l.LineTotal.Cents, Currency: l.LineTotal.Currency,
			Model: l.Model, SearchSerial: l.SearchSerial,
		}
		for _, sn := range l.Serials {
			serials = append(serials, orderSerialRow{OrderID: o.ID, LineNo: i + 1, Serial: sn})
		}
	}
	return row, lines, serials
}
