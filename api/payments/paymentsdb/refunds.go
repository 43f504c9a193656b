package paymentsdb

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
)

// refundRow is money given back, or being given back, for a quote (migration 00005). The
// unique (provider, provider_ref) index makes one payment one refund, however many paths (a
// webhook, a return, a confirm) report it; the retrier reads pending rows by their due time.
type refundRow struct {
	ID            string     `gorm:"primaryKey;size:20"`
	QuoteID       string     `gorm:"size:20;not null;index:payments_refunds_quote"`
	Provider      string     `gorm:"size:20;not null;uniqueIndex:payments_refunds_money,priority:1"`
	ProviderRef   string     `gorm:"size:64;not null;uniqueIndex:payments_refunds_money,priority:2"`
	AmountCents   int64      `gorm:"not null"`
	Currency      string     `gorm:"size:3;not null"`
	Reason        string     `gorm:"size:20;not null"`
	Status        string     `gorm:"size:12;not null;index:payments_refunds_due,priority:1"`
	Reversal      string     `gorm:"size:10;not null"`
	RefundRef     string     `gorm:"size:64;not null"`
	Attempts      int64      `gorm:"not null"`
	LastError     string     `gorm:"type:text;not null"`
	NextAttemptAt time.Time  `gorm:"not null;index:payments_refunds_due,priority:2"`
	CreatedAt     time.Time  `gorm:"not null"`
	RefundedAt    *time.Time `gorm:""`
}

func (refundRow) TableName() string { return "payments_refunds" }

// RecordRefund implements payments.RefundStore: the insert of a payment's refund succeeds once;
// a second report of the same payment, concurrent or later, inserts nothing and reports false.
func (s *Store) RecordRefund(ctx context.Context, r payments.Refund) (bool, error) {
	row := toRefundRow(r)
	res := db.Conn(ctx, s.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return false, fmt.Errorf("paymentsdb: record refund of %s %s: %w", r.Provider, r.ProviderRef, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// FinishRefund implements payments.RefundStore with one conditional UPDATE, so of two attempts
// that both got an answer one records it.
func (s *Store) FinishRefund(ctx context.Context, id string, r payments.Reversed, at time.Time) (bool, error) {
	set := map[string]any{
		"status": string(payments.RefundDone), "reversal": string(r.Reversal), "refund_ref": r.Ref,
		"last_error": "", "refunded_at": at.UTC(),
	}
	if r.Amount.Cents > 0 {
		set["amount_cents"], set["currency"] = r.Amount.Cents, r.Amount.Currency
	}
	res := db.Conn(ctx, s.db).Model(&refundRow{}).Where("id = ? AND status = ?", id, string(payments.RefundPending)).Updates(set)
	if res.Error != nil {
		return false, fmt.Errorf("paymentsdb: finish refund %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// DeferRefund implements payments.RefundStore.
func (s *Store) DeferRefund(ctx context.Context, id, lastError string, next time.Time) error {
	err := db.Conn(ctx, s.db).Model(&refundRow{}).Where("id = ? AND status = ?", id, string(payments.RefundPending)).
		Updates(map[string]any{"last_error": lastError, "next_attempt_at": next.UTC()}).Error
	if err != nil {
		return fmt.Errorf("paymentsdb: defer refund %s: %w", id, err)
	}
	return nil
}

// ClaimDueRefunds implements payments.RefundStore in one UPDATE … RETURNING, so two retriers
// never claim one refund; on PostgreSQL the rows another claim holds are skipped, not waited for.
func (s *Store) ClaimDueRefunds(ctx context.Context, now, until time.Time, limit int) ([]payments.Refund, error) {
	conn := db.Conn(ctx, s.db)
	lock := ""
	if db.DialectOf(s.db) == db.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	q := `UPDATE payments_refunds SET attempts = attempts + 1, next_attempt_at = ?
WHERE id IN (
  SELECT id FROM payments_refunds WHERE status = ? AND next_attempt_at <= ?
  ORDER BY next_attempt_at, id LIMIT ?` + lock + `)
RETURNING id`
	var ids []string
	if err := conn.Raw(q, until.UTC(), string(payments.RefundPending), now.UTC(), limit).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("paymentsdb: claim due refunds: %w", err)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []refundRow
	if err := conn.Where("id IN ?", ids).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("paymentsdb: claimed refunds: %w", err)
	}
	return toRefunds(rows), nil
}

// RefundsOf implements payments.QuoteStore.
func (s *Store) RefundsOf(ctx context.Context, quoteID string) ([]payments.Refund, error) {
	var rows []refundRow
	if err := db.Conn(ctx, s.db).Where("quote_id = ?", quoteID).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("paymentsdb: refunds of quote %s: %w", quoteID, err)
	}
	return toRefunds(rows), nil
}

func toRefundRow(r payments.Refund) refundRow {
	return refundRow{
		ID: r.ID, QuoteID: r.QuoteID, Provider: r.Provider, ProviderRef: r.ProviderRef,
		AmountCents: r.Amount.Cents, Currency: r.Amount.Currency, Reason: string(r.Reason), Status: string(r.Status),
		Reversal: string(r.Reversal), RefundRef: r.RefundRef, Attempts: int64(r.Attempts), LastError: r.LastError,
		NextAttemptAt: r.NextAttemptAt.UTC(), CreatedAt: r.CreatedAt.UTC(), RefundedAt: utcPtr(r.RefundedAt),
	}
}

func toRefund(r refundRow) payments.Refund {
	return payments.Refund{
		ID: r.ID, QuoteID: r.QuoteID, Provider: r.Provider, ProviderRef: r.ProviderRef,
		Amount: money.Money{Cents: r.AmountCents, Currency: r.Currency}, Reason: payments.RefundReason(r.Reason),
		Status: payments.RefundStatus(r.Status), Reversal: payments.Reversal(r.Reversal), RefundRef: r.RefundRef,
		Attempts: int(r.Attempts), LastError: r.LastError, NextAttemptAt: r.NextAttemptAt.UTC(), CreatedAt: r.CreatedAt.UTC(),
		RefundedAt: utcPtr(r.RefundedAt),
	}
}

func toRefunds(rows []refundRow) []payments.Refund {
	out := make([]payments.Refund, len(rows))
	for i, r := range rows {
		out[i] = toRefund(r)
	}
	return out
}
