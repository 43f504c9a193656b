package identitydb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/identity/identitythrottle"
	"rugged.example/portal/api/pkg/db"
)

var _ identitythrottle.Store = (*Store)(nil)

// signInThrottleRow is one key of the sign-in throttle (migration 00003): "account:" or
// "client:" and a SHA-256 in hex. NotBefore and LastFailure are NULL until set. ExpiresAt is
// when PurgeExpired may drop the row.
type signInThrottleRow struct {
	ThrottleKey string `gorm:"primaryKey;size:80"`
	Failures    int    `gorm:"not null"`
	Lockouts    int    `gorm:"not null"`
	NotBefore   *time.Time
	LastFailure *time.Time
	ExpiresAt   time.Time `gorm:"not null;index"`
}

func (signInThrottleRow) TableName() string { return "idp_sign_in_throttles" }

// LockThrottle implements identitythrottle.Store. It writes before it reads: the INSERT of an
// empty row (kept only if the transaction saves it) takes SQLite's one write lock at once, so
// the read that follows cannot go stale under another writer (SQLITE_BUSY_SNAPSHOT); on
// PostgreSQL the row is then read FOR UPDATE.
func (s *Store) LockThrottle(ctx context.Context, key string, now time.Time) (identitythrottle.State, error) {
	conn := db.Conn(ctx, s.db)
	empty := signInThrottleRow{ThrottleKey: key, ExpiresAt: utc(now)}
	if err := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(&empty).Error; err != nil {
		return identitythrottle.State{}, fmt.Errorf("identitydb: sign-in throttle: %w", err)
	}
	q := conn.Where("throttle_key = ?", key)
	if db.DialectOf(s.db) == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate})
	}
	var row signInThrottleRow
	if err := q.Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return identitythrottle.State{}, nil
		}
		return identitythrottle.State{}, fmt.Errorf("identitydb: sign-in throttle: %w", err)
	}
	return toThrottleState(row), nil
}

// SaveThrottle implements identitythrottle.Store.
func (s *Store) SaveThrottle(ctx context.Context, key string, st identitythrottle.State, expiresAt time.Time) error {
	row := toThrottleRow(key, st, expiresAt)
	err := db.Conn(ctx, s.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "throttle_key"}},
		DoUpdates: clause.AssignmentColumns([]string{"failures", "lockouts", "not_before", "last_failure", "expires_at"}),
	}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("identitydb: save sign-in throttle: %w", err)
	}
	return nil
}

// DeleteThrottle implements identitythrottle.Store.
func (s *Store) DeleteThrottle(ctx context.Context, key string) error {
	if err := db.Conn(ctx, s.db).Where("throttle_key = ?", key).Delete(&signInThrottleRow{}).Error; err != nil {
		return fmt.Errorf("identitydb: delete sign-in throttle: %w", err)
	}
	return nil
}

func toThrottleState(r signInThrottleRow) identitythrottle.State {
	st := identitythrottle.State{Failures: r.Failures, Lockouts: r.Lockouts}
	if r.NotBefore != nil {
		st.NotBefore = r.NotBefore.UTC()
	}
	if r.LastFailure != nil {
		st.LastFailure = r.LastFailure.UTC()
	}
	return st
}

func toThrottleRow(key string, st identitythrottle.State, expiresAt time.Time) signInThrottleRow {
	return signInThrottleRow{
		ThrottleKey: key,
		Failures:    st.Failures,
		Lockouts:    st.Lockouts,
		NotBefore:   utcPtr(st.NotBefore),
		LastFailure: utcPtr(st.LastFailure),
		ExpiresAt:   utc(expiresAt),
	}
}
