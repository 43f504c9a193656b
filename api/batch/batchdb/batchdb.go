package batchdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// batchRow is one batch. The list reads it by owner and by organization, newest first; the
// worker reads the unfinished ones (finished_at IS NULL).
type batchRow struct {
	ID               string `gorm:"primaryKey;size:11"`
	Owner            string `gorm:"size:100;not null;uniqueIndex:batch_batches_key,priority:1;index:batch_batches_owner,priority:1"`
	Org              string `gorm:"size:100;not null;index:batch_batches_org,priority:1"`
	CreatedBy        string `gorm:"size:100;not null"`
	IdempotencyKey   string `gorm:"size:100;not null;uniqueIndex:batch_batches_key,priority:2"`
	FirstName        string `gorm:"size:35;not null"`
	LastName         string `gorm:"size:35;not null"`
	Email            string `gorm:"size:254;not null"`
	Phone            string `gorm:"size:25;not null"`
	PhoneCountryCode string `gorm:"size:5;not null"`
	Company          string `gorm:"size:35;not null"`
	Position         string `gorm:"size:35;not null"`
	Line1            string `gorm:"size:100;not null"`
	Line2            string `gorm:"size:100;not null"`
	City             string `gorm:"size:100;not null"`
	State            string `gorm:"size:50;not null"`
	Country          string `gorm:"size:2;not null"`
	PostalCode       string `gorm:"size:20;not null"`
	PackagingKind    string `gorm:"size:15;not null"`
	UnitsPerBox      int    `gorm:"not null"`
	Boxes            int    `gorm:"not null"`
	AcknowledgeHDD   bool   `gorm:"column:acknowledge_hdd_backup;not null"`
	AcknowledgeClick bool   `gorm:"column:acknowledge_click_wrap;not null"`
	QuoteID          string `gorm:"size:20;not null"`
	QuoteCents       int64  `gorm:"not null"`
	Currency         string `gorm:"size:3;not null"`
	QuoteStatus      string `gorm:"size:10;not null"`
	PayMethod        string `gorm:"size:10;not null"`
	CustomerPO       string `gorm:"column:customer_po;size:50;not null"`
	QuoteExpiresAt   *time.Time
	DocumentID       string `gorm:"size:64;not null"`
	LeaseUntil       *time.Time
	// Attempts counts the worker's failed passes in a row; DueAt is when it may try again.
	Attempts        int `gorm:"not null;default:0"`
	DueAt           *time.Time
	DocumentsFailed bool       `gorm:"not null;default:false"`
	BodyHash        string     `gorm:"size:64;not null;default:''"`
	FinishedAt      *time.Time `gorm:"index:batch_batches_unfinished,priority:1"`
	CreatedAt       time.Time  `gorm:"not null;index:batch_batches_owner,priority:2;index:batch_batches_org,priority:2;index:batch_batches_unfinished,priority:2"`
	UpdatedAt       time.Time  `gorm:"not null"`
}

func (batchRow) TableName() string { return "batch_batches" }

// rowRow is one row of a batch, as submitted, with its verdict and fate. The cells are text:
// a failed row keeps what the customer wrote, over its limit or not.
type rowRow struct {
	BatchID           string `gorm:"primaryKey;size:11;index:batch_rows_status,priority:1"`
	Idx               int    `gorm:"primaryKey;autoIncrement:false"`
	Serial            string `gorm:"type:text;not null"`
	Fault             string `gorm:"type:text;not null"`
	Problem           string `gorm:"type:text;not null"`
	Notes             string `gorm:"type:text;not null"`
	CustomerReference string `gorm:"type:text;not null"`
	AssetTag          string `gorm:"type:text;not null"`
	Branch            string `gorm:"type:text;not null"`
	HasData           *bool
	Camera            bool   `gorm:"not null"`
	Model             string `gorm:"size:30;not null"`
	Entitlement       string `gorm:"size:20;not null"`
	PriceCents        *int64
	Currency          string `gorm:"size:3;not null"`
	Status            string `gorm:"size:20;not null;index:batch_rows_status,priority:2"`
	RMANumber         string `gorm:"column:rma_number;size:20;not null"`
	Box               int    `gorm:"not null"`
	TrackingNumber    string `gorm:"size:64;not null"`
	// Reasons is the row's reasons as JSON: [{"field","message"}].
	Reasons string `gorm:"type:text;not null"`
	// FailingSince is when the row's creation began failing without a refusal.
	FailingSince *time.Time
	// RefundCents is what a paid row that could not be created is owed back.
	RefundCents *int64
}

func (rowRow) TableName() string { return "batch_rows" }

// Store implements batch.Store.
type Store struct{ db *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb} }

var _ batch.Store = (*Store)(nil)

// CreateBatch implements batch.Store. A clash on either unique key, the owner's idempotency key
// or the id (drawn at random), is ErrDuplicateBatch: the failed insert's transaction can read
// nothing more on PostgreSQL, so the caller tells the two apart after it (BatchForKey).
func (s *Store) CreateBatch(ctx context.Context, b batch.Batch, key string) error {
	conn := db.Conn(ctx, s.db)
	row := toBatchRow(b, key)
	if err := conn.Create(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return batch.ErrDuplicateBatch
		}
		return fmt.Errorf("batchdb: create batch: %w", err)
	}
	rows := make([]rowRow, len(b.Rows))
	for i, r := range b.Rows {
		rows[i] = toRowRow(b.ID, r)
	}
	// 1,000 rows of 20 columns stay under SQLite's and PostgreSQL's bound parameters per statement.
	if err := conn.CreateInBatches(&rows, 500).Error; err != nil {
		return fmt.Errorf("batchdb: create rows: %w", err)
	}
	return nil
}

// BatchForKey implements batch.Store.
func (s *Store) BatchForKey(ctx context.Context, owner, key string) (batch.Batch, bool, error) {
	var row batchRow
	err := db.Conn(ctx, s.db).Where("owner = ? AND idempotency_key = ?", owner, key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return batch.Batch{}, false, nil
	}
	if err != nil {
		return batch.Batch{}, false, fmt.Errorf("batchdb: batch for key: %w", err)
	}
	b, err := s.withRows(ctx, row)
	return b, err == nil, err
}

// Batch implements batch.Store.
func (s *Store) Batch(ctx context.Context, id string) (batch.Batch, error) {
	var row batchRow
	err := db.Conn(ctx, s.db).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return batch.Batch{}, batch.ErrNotFound
	}
	if err != nil {
		return batch.Batch{}, fmt.Errorf("batchdb: batch %s: %w", id, err)
	}
	return s.withRows(ctx, row)
}

// BatchHeader implements batch.Store.
func (s *Store) BatchHeader(ctx context.Context, id string) (batch.Batch, error) {
	var row batchRow
	err := db.Conn(ctx, s.db).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return batch.Batch{}, batch.ErrNotFound
	}
	if err != nil {
		return batch.Batch{}, fmt.Errorf("batchdb: batch %s: %w", id, err)
	}
	return toBatch(row), nil
}

func (s *Store) withRows(ctx context.Context, row batchRow) (batch.Batch, error) {
	var rows []rowRow
	if err := db.Conn(ctx, s.db).Where("batch_id = ?", row.ID).Order("idx").Find(&rows).Error; err != nil {
		return batch.Batch{}, fmt.Errorf("batchdb: rows of %s: %w", row.ID, err)
	}
	b := toBatch(row)
	b.Rows = make([]batch.BatchRow, len(rows))
	for i, r := range rows {
		br, err := toBatchRowOf(r)
		if err != nil {
			return batch.Batch{}, err
		}
		b.Rows[i] = br
	}
	return b, nil
}

// BatchesPage implements batch.Store: keyset on (created_at, id), newest first.
func (s *Store) BatchesPage(ctx context.Context, v visibility.Viewer, after batch.Cursor, size int) ([]batch.Listed, error) {
	tx := db.Conn(ctx, s.db).Model(&batchRow{})
	if v.Org == "" {
		tx = tx.Where("owner = ?", v.Subject)
	} else {
		tx = tx.Where("(owner = ? OR org = ?)", v.Subject, v.Org)
	}
	if after.ID != "" {
		at := after.CreatedAt.UTC()
		tx = tx.Where("(created_at < ? OR (created_at = ? AND id < ?))", at, at, after.ID)
	}
	var rows []batchRow
	if err := tx.Order("created_at DESC, id DESC").Limit(size).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("batchdb: batches page: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	counts, err := s.counts(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]batch.Listed, len(rows))
	for i, r := range rows {
		b := toBatch(r)
		c := counts[r.ID]
		c.Finished = r.FinishedAt != nil
		out[i] = batch.Listed{ID: r.ID, Owner: r.Owner, CreatedBy: r.CreatedBy, CreatedAt: b.CreatedAt, Counts: c, Total: b.Total()}
	}
	return out, nil
}

// counts counts the rows of batches ids per status, in one query.
func (s *Store) counts(ctx context.Context, ids []string) (map[string]batch.Counts, error) {
	var got []struct {
		BatchID string
		Status  string
		N       int
	}
	err := db.Conn(ctx, s.db).Model(&rowRow{}).Select("batch_id, status, COUNT(*) AS n").
		Where("batch_id IN ?", ids).Group("batch_id, status").Scan(&got).Error
	if err != nil {
		return nil, fmt.Errorf("batchdb: counts: %w", err)
	}
	by := map[string]map[batch.RowStatus]int{}
	for _, g := range got {
		if by[g.BatchID] == nil {
			by[g.BatchID] = map[batch.RowStatus]int{}
		}
		by[g.BatchID][batch.RowStatus(g.Status)] = g.N
	}
	out := make(map[string]batch.Counts, len(ids))
	for _, id := range ids {
		out[id] = batch.CountsOf(by[id])
	}
	return out, nil
}

// Progress implements batch.Store.
func (s *Store) Progress(ctx context.Context, id string) (batch.Counts, error) {
	var head struct{ FinishedAt *time.Time }
	err := db.Conn(ctx, s.db).Model(&batchRow{}).Select("finished_at").Where("id = ?", id).Take(&head).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return batch.Counts{}, batch.ErrNotFound
	}
	if err != nil {
		return batch.Counts{}, fmt.Errorf("batchdb: batch %s: %w", id, err)
	}
	c, err := s.counts(ctx, []string{id})
	if err != nil {
		return batch.Counts{}, err
	}
	out := c[id]
	out.Finished = head.FinishedAt != nil
	return out, nil
}

// SetRow implements batch.Store: UPDATE … WHERE status = from, so of racing changes one wins.
func (s *Store) SetRow(ctx context.Context, id string, from batch.RowStatus, r batch.BatchRow) error {
	reasons, err := encodeReasons(r.Reasons)
	if err != nil {
		return err
	}
	var refund *int64
	if r.RefundDue != nil {
		cents := r.RefundDue.Cents
		refund = &cents
	}
	res := db.Conn(ctx, s.db).Model(&rowRow{}).Where("batch_id = ? AND idx = ? AND status = ?", id, r.Index, string(from)).
		Updates(map[string]any{"status": string(r.Status), "rma_number": r.RMANumber, "reasons": reasons, "refund_cents": refund, "failing_since": nil})
	if res.Error != nil {
		return fmt.Errorf("batchdb: row %s/%d: %w", id, r.Index, res.Error)
	}
	if res.RowsAffected == 0 {
		return batch.ErrChanged
	}
	return s.touch(ctx, id)
}

// RowFailingSince implements batch.Store: the first failure's time is kept (COALESCE), so every
// process's worker counts the row's 15 minutes from the same moment.
func (s *Store) RowFailingSince(ctx context.Context, id string, index int, now time.Time) (time.Time, error) {
	conn := db.Conn(ctx, s.db)
	err := conn.Model(&rowRow{}).Where("batch_id = ? AND idx = ? AND failing_since IS NULL", id, index).Update("failing_since", now.UTC()).Error
	if err != nil {
		return time.Time{}, fmt.Errorf("batchdb: row %s/%d failing: %w", id, index, err)
	}
	var row struct{ FailingSince *time.Time }
	err = conn.Model(&rowRow{}).Select("failing_since").Where("batch_id = ? AND idx = ?", id, index).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && row.FailingSince == nil) {
		return time.Time{}, batch.ErrRowNotFound
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("batchdb: row %s/%d failing: %w", id, index, err)
	}
	return row.FailingSince.UTC(), nil
}

// MoveRows implements batch.Store.
func (s *Store) MoveRows(ctx context.Context, id string, from, to batch.RowStatus, reasons []batch.Reason) (int, error) {
	set := map[string]any{"status": string(to)}
	if reasons != nil {
		enc, err := encodeReasons(reasons)
		if err != nil {
			return 0, err
		}
		set["reasons"] = enc
	}
	res := db.Conn(ctx, s.db).Model(&rowRow{}).Where("batch_id = ? AND status = ?", id, string(from)).Updates(set)
	if res.Error != nil {
		return 0, fmt.Errorf("batchdb: move rows of %s: %w", id, res.Error)
	}
	return int(res.RowsAffected), s.touch(ctx, id)
}

func (s *Store) touch(ctx context.Context, id string) error {
	err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ?", id).Update("updated_at", time.Now().UTC()).Error
	if err != nil {
		return fmt.Errorf("batchdb: touch %s: %w", id, err)
	}
	return nil
}

// SetPayment implements batch.Store: UPDATE … WHERE quote_id = from, so a change made from a
// quote another change replaced meanwhile is ErrChanged.
func (s *Store) SetPayment(ctx context.Context, id, from string, p *batch.Payment) error {
	set := map[string]any{"quote_id": "", "quote_cents": int64(0), "currency": "", "quote_status": "", "pay_method": "", "customer_po": "",
		"quote_expires_at": nil, "updated_at": time.Now().UTC()}
	if p != nil {
		exp := p.ExpiresAt.UTC()
		set["quote_id"], set["quote_cents"], set["currency"], set["quote_status"] = p.QuoteID, p.Amount.Cents, p.Amount.Currency, string(p.Status)
		set["pay_method"], set["customer_po"], set["quote_expires_at"] = string(p.Method), p.CustomerPO, &exp
	}
	res := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ? AND quote_id = ?", id, from).Updates(set)
	if res.Error != nil {
		return fmt.Errorf("batchdb: payment of %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return batch.ErrChanged
	}
	return nil
}

// workDue is the unfinished batches with work: a PENDING row, or nothing left to wait for.
const workDue = `finished_at IS NULL AND (lease_until IS NULL OR lease_until < ?) AND (due_at IS NULL OR due_at <= ?) AND (
	EXISTS (SELECT 1 FROM batch_rows r WHERE r.batch_id = batch_batches.id AND r.status = 'PENDING')
	OR NOT EXISTS (SELECT 1 FROM batch_rows r WHERE r.batch_id = batch_batches.id AND r.status IN ('PENDING','AWAITING_PAYMENT')))`

// ClaimWork implements batch.Store: one conditional UPDATE … RETURNING, whose subquery skips
// batches another worker holds on PostgreSQL (FOR UPDATE SKIP LOCKED); SQLite has one writer.
// The batch due longest goes first (its due time, else its creation), so one that keeps failing,
// its next attempt put off, never holds up the batches behind it.
func (s *Store) ClaimWork(ctx context.Context, now, until time.Time) (string, bool, error) {
	// An idle worker asks every second: a read first, so it takes no write lock (SQLite's is
	// the whole file's) while there is nothing to do.
	var due int64
	if err := db.Conn(ctx, s.db).Model(&batchRow{}).Where(workDue, now.UTC(), now.UTC()).Limit(1).Count(&due).Error; err != nil {
		return "", false, fmt.Errorf("batchdb: work due: %w", err)
	}
	if due == 0 {
		return "", false, nil
	}
	lock := ""
	if db.DialectOf(s.db) == db.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var ids []string
	err := db.Conn(ctx, s.db).Raw(`UPDATE batch_batches SET lease_until = ? WHERE id = (
		SELECT id FROM batch_batches WHERE `+workDue+` ORDER BY COALESCE(due_at, created_at), id LIMIT 1`+lock+`) RETURNING id`,
		until.UTC(), now.UTC(), now.UTC()).Scan(&ids).Error
	if err != nil {
		return "", false, fmt.Errorf("batchdb: claim work: %w", err)
	}
	if len(ids) == 0 {
		return "", false, nil
	}
	return ids[0], true, nil
}

// ExtendLease implements batch.Store.
func (s *Store) ExtendLease(ctx context.Context, id string, until time.Time) error {
	u := until.UTC()
	if err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ?", id).Update("lease_until", &u).Error; err != nil {
		return fmt.Errorf("batchdb: extend lease of %s: %w", id, err)
	}
	return nil
}

// Retry implements batch.Store.
func (s *Store) Retry(ctx context.Context, id string, due func(attempts int) time.Time) (int, error) {
	conn := db.Conn(ctx, s.db)
	if err := conn.Model(&batchRow{}).Where("id = ?", id).Update("attempts", gorm.Expr("attempts + 1")).Error; err != nil {
		return 0, fmt.Errorf("batchdb: retry %s: %w", id, err)
	}
	var n []int
	if err := conn.Model(&batchRow{}).Where("id = ?", id).Pluck("attempts", &n).Error; err != nil || len(n) == 0 {
		return 0, fmt.Errorf("batchdb: attempts of %s: %v", id, err)
	}
	at := due(n[0]).UTC()
	if err := conn.Model(&batchRow{}).Where("id = ?", id).Update("due_at", &at).Error; err != nil {
		return 0, fmt.Errorf("batchdb: retry %s: %w", id, err)
	}
	return n[0], nil
}

// Progressed implements batch.Store.
func (s *Store) Progressed(ctx context.Context, id string) error {
	err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ? AND (attempts <> 0 OR due_at IS NOT NULL)", id).
		Updates(map[string]any{"attempts": 0, "due_at": nil}).Error
	if err != nil {
		return fmt.Errorf("batchdb: progressed %s: %w", id, err)
	}
	return nil
}

// SetDocumentsFailed implements batch.Store.
func (s *Store) SetDocumentsFailed(ctx context.Context, id string) error {
	if err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ?", id).Update("documents_failed", true).Error; err != nil {
		return fmt.Errorf("batchdb: documents failed of %s: %w", id, err)
	}
	return nil
}

// PayPalStarted implements batch.Store.
func (s *Store) PayPalStarted(ctx context.Context) ([]string, error) {
	var ids []string
	err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("finished_at IS NULL AND quote_status = ? AND pay_method = ?", string(batch.QuoteOpen), string(batch.MethodPayPal)).
		Order("created_at").Pluck("id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("batchdb: card payments started: %w", err)
	}
	return ids, nil
}

// ReleaseLease implements batch.Store.
func (s *Store) ReleaseLease(ctx context.Context, id string) error {
	if err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ?", id).Update("lease_until", nil).Error; err != nil {
		return fmt.Errorf("batchdb: release lease of %s: %w", id, err)
	}
	return nil
}

// Finish implements batch.Store: UPDATE … WHERE finished_at IS NULL, so one finisher wins.
func (s *Store) Finish(ctx context.Context, id string, at time.Time) (bool, error) {
	t := at.UTC()
	res := db.Conn(ctx, s.db).Model(&batchRow{}).Where("id = ? AND finished_at IS NULL", id).
		Updates(map[string]any{"finished_at": &t, "updated_at": t})
	if res.Error != nil {
		return false, fmt.Errorf("batchdb: finish %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// SetDocuments implements batch.Store.
func (s *Store) SetDocuments(ctx context.Context, id string, boxes int, documentID string, rows []batch.RowBox) error {
	conn := db.Conn(ctx, s.db)
	if err := conn.Model(&batchRow{}).Where("id = ?", id).Updates(map[string]any{"boxes": boxes, "document_id": documentID}).Error; err != nil {
		return fmt.Errorf("batchdb: documents of %s: %w", id, err)
	}
	for _, r := range rows {
		err := conn.Model(&rowRow{}).Where("batch_id = ? AND idx = ?", id, r.Index).
			Updates(map[string]any{"box": r.Box, "tracking_number": r.TrackingNumber}).Error
		if err != nil {
			return fmt.Errorf("batchdb: box of %s/%d: %w", id, r.Index, err)
		}
	}
	return nil
}

// OpenQuotesExpiredBy implements batch.Store.
func (s *Store) OpenQuotesExpiredBy(ctx context.Context, now time.Time) ([]string, error) {
	var ids []string
	err := db.Conn(ctx, s.db).Model(&batchRow{}).Where("finished_at IS NULL AND quote_status = ? AND quote_expires_at <= ?", string(batch.QuoteOpen), now.UTC()).
		Order("created_at").Pluck("id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("batchdb: expired quotes: %w", err)
	}
	return ids, nil
}

func toBatchRow(b batch.Batch, key string) batchRow {
	c, a := b.Contact, b.Address
	row := batchRow{
		ID: b.ID, Owner: b.Owner, Org: b.Org, CreatedBy: b.CreatedBy, IdempotencyKey: key,
		FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone, PhoneCountryCode: c.PhoneCountryCode,
		Company: c.Company, Position: c.Position,
		Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode,
		PackagingKind: string(b.Packaging.Kind), UnitsPerBox: b.Packaging.UnitsPerBox, Boxes: b.Packaging.Boxes,
		AcknowledgeHDD: b.AcknowledgeHDDBackup, AcknowledgeClick: b.AcknowledgeClickWrap,
		DocumentID: b.DocumentID, FinishedAt: b.FinishedAt, DocumentsFailed: b.DocumentsFailed, BodyHash: b.BodyHash,
		CreatedAt: b.CreatedAt.UTC(), UpdatedAt: b.CreatedAt.UTC(),
	}
	if p := b.Payment; p != nil {
		exp := p.ExpiresAt.UTC()
		row.QuoteID, row.QuoteCents, row.Currency, row.QuoteStatus = p.QuoteID, p.Amount.Cents, p.Amount.Currency, string(p.Status)
		row.PayMethod, row.CustomerPO, row.QuoteExpiresAt = string(p.Method), p.CustomerPO, &exp
	}
	return row
}

func toBatch(r batchRow) batch.Batch {
	b := batch.Batch{
		ID: r.ID, Owner: r.Owner, Org: r.Org, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt.UTC(),
		Contact: rma.Contact{FirstName: r.FirstName, LastName: r.LastName, Email: r.Email, Phone: r.Phone, PhoneCountryCode: r.PhoneCountryCode,
			Company: r.Company, Position: r.Position},
		Address:              rma.Address{Line1: r.Line1, Line2: r.Line2, City: r.City, State: r.State, Country: r.Country, PostalCode: r.PostalCode},
		Packaging:            batch.Packaging{Kind: batch.PackagingKind(r.PackagingKind), UnitsPerBox: r.UnitsPerBox, Boxes: r.Boxes},
		AcknowledgeHDDBackup: r.AcknowledgeHDD, AcknowledgeClickWrap: r.AcknowledgeClick,
		DocumentID: r.DocumentID, FinishedAt: r.FinishedAt, DocumentsFailed: r.DocumentsFailed, BodyHash: r.BodyHash,
	}
	if r.QuoteID != "" {
		p := &batch.Payment{
			QuoteID: r.QuoteID, Amount: money.Money{Cents: r.QuoteCents, Currency: r.Currency}, Status: batch.QuoteStatus(r.QuoteStatus),
			Method: batch.PaymentMethod(r.PayMethod), CustomerPO: r.CustomerPO,
		}
		if r.QuoteExpiresAt != nil {
			p.ExpiresAt = r.QuoteExpiresAt.UTC()
		}
		b.Payment = p
	}
	return b
}

func toRowRow(batchID string, r batch.BatchRow) rowRow {
	reasons, _ := encodeReasons(r.Reasons)
	row := rowRow{
		BatchID: batchID, Idx: r.Index, Serial: r.Serial, Fault: r.Fault, Problem: r.Problem, Notes: r.Notes,
		CustomerReference: r.CustomerReference, AssetTag: r.AssetTag, Branch: r.Branch, HasData: r.HasData, Camera: r.Camera,
		Model: r.Model, Entitlement: string(r.Entitlement), Status: string(r.Status), RMANumber: r.RMANumber,
		Box: r.Box, TrackingNumber: r.TrackingNumber, Reasons: reasons,
	}
	if r.Price != nil {
		cents := r.Price.Cents
		row.PriceCents, row.Currency = &cents, r.Price.Currency
	}
	return row
}

func toBatchRowOf(r rowRow) (batch.BatchRow, error) {
	var reasons []batch.Reason
	var wire []reasonJSON
	if err := json.Unmarshal([]byte(r.Reasons), &wire); err != nil {
		return batch.BatchRow{}, fmt.Errorf("batchdb: reasons of %s/%d: %w", r.BatchID, r.Idx, err)
	}
	for _, w := range wire {
		reasons = append(reasons, batch.Reason{Field: w.Field, Message: w.Message})
	}
	out := batch.BatchRow{
		Index: r.Idx,
		Row: batch.Row{Serial: r.Serial, Fault: r.Fault, Problem: r.Problem, Notes: r.Notes, CustomerReference: r.CustomerReference,
			AssetTag: r.AssetTag, Branch: r.Branch, HasData: r.HasData},
		Model: r.Model, Entitlement: batch.Entitlement(r.Entitlement), Status: batch.RowStatus(r.Status), RMANumber: r.RMANumber,
		Box: r.Box, TrackingNumber: r.TrackingNumber, Reasons: reasons, Camera: r.Camera,
	}
	if r.PriceCents != nil {
		out.Price = &money.Money{Cents: *r.PriceCents, Currency: r.Currency}
	}
	if r.RefundCents != nil {
		out.RefundDue = &money.Money{Cents: *r.RefundCents, Currency: r.Currency}
	}
	return out, nil
}

type reasonJSON struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func encodeReasons(reasons []batch.Reason) (string, error) {
	wire := make([]reasonJSON, len(reasons))
	for i, r := range reasons {
		wire[i] = reasonJSON{Field: r.Field, Message: r.Message}
	}
	b, err := json.Marshal(wire)
	if err != nil {
		return "", fmt.Errorf("batchdb: reasons: %w", err)
	}
	return string(b), nil
}
