package rmadb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// savedQuoteKeyRow remembers which saved quote an owner's Idempotency-Key saved: a saved quote
// is a create-RMA submission that has no RMA yet.
type savedQuoteKeyRow struct {
	Owner     string `gorm:"primaryKey;size:100"`
	Key       string `gorm:"primaryKey;size:100"`
	QuoteID   string `gorm:"size:20;not null"`
	CreatedAt time.Time
}

func (savedQuoteKeyRow) TableName() string { return "rma_saved_quote_keys" }

// RememberSavedQuote records that the owner's key saved quoteID, in the transaction ctx
// carries; rma.ErrDuplicateRequest when the key was used already.
func (s *Store) RememberSavedQuote(ctx context.Context, owner, key, quoteID string) error {
	err := db.Conn(ctx, s.db).Create(&savedQuoteKeyRow{Owner: owner, Key: key, QuoteID: quoteID, CreatedAt: time.Now().UTC()}).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return rma.ErrDuplicateRequest
	}
	if err != nil {
		return fmt.Errorf("rmadb: saved quote key: %w", err)
	}
	return nil
}

// SavedQuoteForKey returns the quote the owner's key saved, if any.
func (s *Store) SavedQuoteForKey(ctx context.Context, owner, key string) (string, bool, error) {
	var row savedQuoteKeyRow
	err := db.Conn(ctx, s.db).Where("owner = ? AND key = ?", owner, key).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("rmadb: saved quote key: %w", err)
	}
	return row.QuoteID, true, nil
}
