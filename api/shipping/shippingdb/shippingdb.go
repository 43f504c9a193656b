// Package shippingdb keeps the shipping module's tables with gorm: the issued documents and the
// tracking number sequence. Rows never leave this package; toDocument / toDocumentRow convert.
// Every query goes through db.Conn, so a transaction the caller's ctx carries includes it.
package shippingdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/shipping/shipping"
)

// documentRow is one issued PDF. Times are UTC.
type documentRow struct {
	ID        string `gorm:"primaryKey;size:32"`
	Owner     string `gorm:"size:255;not null;index"`
	RMANumber string `gorm:"size:40;not null;index"`
	// BatchID is the RMA batch of a 'batch' document, "" for the others (migration 00002).
	BatchID        string    `gorm:"size:20;not null;default:'';index"`
	Kind           string    `gorm:"size:10;not null"`
	TrackingNumber string    `gorm:"size:40;not null;index"`
	IssuedAt       time.Time `gorm:"not null"`
	ExpiresAt      time.Time `gorm:"not null"`
}

func (documentRow) TableName() string { return "shipping_documents" }

// sequenceRow is a named counter, for databases without sequences (SQLite). The first migration
// creates the tracking counter: a row here on SQLite, sequence shipping_tracking_seq on
// PostgreSQL.
type sequenceRow struct {
	Name  string `gorm:"primaryKey;size:40"`
	Value int64  `gorm:"not null;default:0"`
}

func (sequenceRow) TableName() string { return "shipping_sequences" }

// trackingSequence names the tracking number counter: a PostgreSQL sequence, or a row of
// shipping_sequences on SQLite.
const trackingSequence = "shipping_tracking_seq"

// Store implements shipping.Store on gorm.
type Store struct{ db *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb} }

// CreateDocuments implements shipping.Store with one INSERT.
func (s *Store) CreateDocuments(ctx context.Context, docs []shipping.Document) error {
	if len(docs) == 0 {
		return nil
	}
	rows := make([]documentRow, len(docs))
	for i, d := range docs {
		rows[i] = toDocumentRow(d)
	}
	if err := db.Conn(ctx, s.db).Create(&rows).Error; err != nil {
		return fmt.Errorf("shippingdb: create documents: %w", err)
	}
	return nil
}

// Document implements shipping.Store.
func (s *Store) Document(ctx context.Context, id string) (shipping.Document, error) {
	var row documentRow
	err := db.Conn(ctx, s.db).Where("id = ?", id).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return shipping.Document{}, shipping.ErrDocumentNotFound
	case err != nil:
		return shipping.Document{}, fmt.Errorf("shippingdb: document: %w", err)
	}
	return toDocument(row), nil
}

// ExistingDocuments implements shipping.Store.
func (s *Store) ExistingDocuments(ctx context.Context, ids []string) (map[string]bool, error) {
	out := make(map[string]bool, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var found []string
	if err := db.Conn(ctx, s.db).Model(&documentRow{}).Where("id IN ?", ids).Pluck("id", &found).Error; err != nil {
		return nil, fmt.Errorf("shippingdb: existing documents: %w", err)
	}
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

// DocumentsByRMA lists an RMA's documents, oldest first (for support tools and tests).
func (s *Store) DocumentsByRMA(ctx context.Context, rmaNumber string) ([]shipping.Document, error) {
	var rows []documentRow
	if err := db.Conn(ctx, s.db).Where("rma_number = ?", rmaNumber).Order("issued_at, kind, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("shippingdb: documents of %s: %w", rmaNumber, err)
	}
	out := make([]shipping.Document, len(rows))
	for i, r := range rows {
		out[i] = toDocument(r)
	}
	return out, nil
}

// DocumentsByBatch lists an RMA batch's documents, oldest first (for support tools and tests).
func (s *Store) DocumentsByBatch(ctx context.Context, batchID string) ([]shipping.Document, error) {
	var rows []documentRow
	if err := db.Conn(ctx, s.db).Where("batch_id = ?", batchID).Order("issued_at, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("shippingdb: documents of %s: %w", batchID, err)
	}
	out := make([]shipping.Document, len(rows))
	for i, r := range rows {
		out[i] = toDocument(r)
	}
	return out, nil
}

// Sequence is the persisted tracking number counter; it implements freightcarrier.Sequence.
//
// On PostgreSQL it is a real SEQUENCE: nextval never hands a number out twice, not even when the
// transaction that drew it rolls back, and it takes no row lock, so concurrent RMA transactions do
// not queue on it. On SQLite it is a row incremented with UPDATE … RETURNING inside the caller's
// transaction (SQLite has one writer at a time anyway): a rollback returns the number, which is
// safe because nothing that carried it (rows, PDFs) survives the rollback.
type Sequence struct{ db *gorm.DB }

// NewSequence returns the tracking number sequence of a migrated handle.
func NewSequence(gdb *gorm.DB) *Sequence { return &Sequence{db: gdb} }

// Next returns the next number, starting at 1.
func (s *Sequence) Next(ctx context.Context) (int64, error) {
	var n int64
	conn := db.Conn(ctx, s.db)
	var err error
	if db.DialectOf(s.db) == db.Postgres {
		err = conn.Raw("SELECT nextval('" + trackingSequence + "')").Scan(&n).Error
	} else {
		err = conn.Raw("UPDATE shipping_sequences SET value = value + 1 WHERE name = ? RETURNING value", trackingSequence).Scan(&n).Error
	}
	if err != nil {
		return 0, fmt.Errorf("shippingdb: next tracking number: %w", err)
	}
	if n == 0 {
		return 0, errors.New("shippingdb: tracking sequence missing; run Migrate")
	}
	return n, nil
}

func toDocumentRow(d shipping.Document) documentRow {
	return documentRow{
		ID: d.ID, Owner: d.Owner, RMANumber: d.RMANumber, BatchID: d.BatchID, Kind: string(d.Kind), TrackingNumber: d.TrackingNumber,
		IssuedAt: d.IssuedAt.UTC(), ExpiresAt: d.ExpiresAt.UTC(),
	}
}

func toDocument(r documentRow) shipping.Document {
	return shipping.Document{
		ID: r.ID, Owner: r.Owner, RMANumber: r.RMANumber, BatchID: r.BatchID, Kind: shipping.DocumentKind(r.Kind), TrackingNumber: r.TrackingNumber,
		IssuedAt: r.IssuedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(),
	}
}
