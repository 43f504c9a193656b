// Package identitydb keeps the identity capability's tables (prefix idp_) with gorm, on
// SQLite and PostgreSQL alike. Rows never leave this package: every method takes and
// returns identitycore types.
package identitydb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/identity/identitycore"
)

// Store reads and writes the identity tables.
type Store struct {
	db *gorm.DB
}

// NewStore wraps a shared gorm handle.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// ---- users ----

// CreateUserIfAbsent inserts the user and its roles unless a user with the same id or
// e-mail exists. It reports whether it inserted.
func (s *Store) CreateUserIfAbsent(ctx context.Context, u identitycore.User) (bool, error) {
	created := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row := toDBUser(u)
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		created = true
		if len(u.Roles) == 0 {
			return nil
		}
		roles := make([]userRoleRow, 0, len(u.Roles))
		for _, r := range u.Roles {
			roles = append(roles, userRoleRow{UserID: u.ID, Role: r})
		}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&roles).Error
	})
	if err != nil {
		return false, fmt.Errorf("create user %s: %w", u.ID, err)
	}
	return created, nil
}

// UserExists reports whether a user with this id or e-mail exists.
func (s *Store) UserExists(ctx context.Context, id, email string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&userRow{}).
		Where("id = ? OR email = ?", id, strings.ToLower(strings.TrimSpace(email))).
		Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("count users: %w", err)
	}
	return n > 0, nil
}

// UserByID returns the user with its roles, or identitycore.ErrUnknownUser.
func (s *Store) UserByID(ctx context.Context, id string) (identitycore.User, error) {
	return s.userWhere(ctx, "id = ?", id)
}

// UserByEmail looks the e-mail up case-insensitively; identitycore.ErrUnknownUser if absent.
func (s *Store) UserByEmail(ctx context.Context, email string) (identitycore.User, error) {
	return s.userWhere(ctx, "email = ?", strings.ToLower(strings.TrimSpace(email)))
}

func (s *Store) userWhere(ctx context.Context, query string, arg string) (identitycore.User, error) {
	if arg == "" {
		return identitycore.User{}, identitycore.ErrUnknownUser
	}
	db := s.db.WithContext(ctx)
	var rows []userRow
	if err := db.Where(query, arg).Limit(1).Find(&rows).Error; err != nil {
		return identitycore.User{}, fmt.Errorf("find user: %w", err)
	}
	if len(rows) == 0 {
		return identitycore.User{}, identitycore.ErrUnknownUser
	}
	var roles []userRoleRow
	if err := db.Where("user_id = ?", rows[0].ID).Order("role").Find(&roles).Error; err != nil {
		return identitycore.User{}, fmt.Errorf("find roles: %w", err)
	}
	return toCoreUser(rows[0], roles), nil
}

// ---- auth requests ----

// CreateAuthRequest stores a new pending authorization request.
func (s *Store) CreateAuthRequest(ctx context.Context, a identitycore.AuthRequest) error {
	row := toDBAuthRequest(a)
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return fmt.Errorf("create auth request: %w", err)
	}
	return nil
}

// AuthRequestByID returns the request or identitycore.ErrNotFound.
func (s *Store) AuthRequestByID(ctx context.Context, id string) (identitycore.AuthRequest, error) {
	var rows []authRequestRow
	if err := s.db.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&rows).Error; err != nil {
		return identitycore.AuthRequest{}, fmt.Errorf("find auth request: %w", err)
	}
	if len(rows) == 0 {
		return identitycore.AuthRequest{}, identitycore.ErrNotFound
	}
	return toCoreAuthRequest(rows[0]), nil
}

// CompleteAuthRequest records the signed-in user on a request that is not done yet;
// identitycore.ErrNotFound when there is no such pending request.
func (s *Store) CompleteAuthRequest(ctx context.Context, id, userID string, authTime time.Time, amr []string) error {
	res := s.db.WithContext(ctx).Model(&authRequestRow{}).
		Where("id = ? AND done = ?", id, false).
		Updates(map[string]any{"user_id": userID, "auth_time": utc(authTime), "amr": joinList(amr), "done": true})
	if res.Error != nil {
		return fmt.Errorf("complete auth request: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return identitycore.ErrNotFound
	}
	return nil
}

// SaveAuthCode attaches the hash of an authorization code to a completed request that has
// no code yet.
func (s *Store) SaveAuthCode(ctx context.Context, id, codeHash string, issuedAt time.Time) error {
	res := s.db.WithContext(ctx).Model(&authRequestRow{}).
		Where("id = ? AND done = ? AND code_hash IS NULL", id, true).
		Updates(map[string]any{"code_hash": codeHash, "code_issued_at": utc(issuedAt)})
	if res.Error != nil {
		return fmt.Errorf("save auth code: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return identitycore.ErrNotFound
	}
	return nil
}

// TakeAuthRequestByCode returns the request the code was issued for and deletes it in one
// statement (DELETE … RETURNING), so a code is exchanged once only, even under concurrent
// requests.
func (s *Store) TakeAuthRequestByCode(ctx context.Context, codeHash string) (identitycore.AuthRequest, error) {
	var rows []authRequestRow
	err := s.db.WithContext(ctx).Clauses(clause.Returning{}).Where("code_hash = ?", codeHash).Delete(&rows).Error
	if err != nil {
		return identitycore.AuthRequest{}, fmt.Errorf("take auth request by code: %w", err)
	}
	if len(rows) == 0 {
		return identitycore.AuthRequest{}, identitycore.ErrNotFound
	}
	return toCoreAuthRequest(rows[0]), nil
}

// DeleteAuthRequest removes the request; removing one that is gone is not an error.
func (s *Store) DeleteAuthRequest(ctx context.Context, id string) error {
	if err := s.db.WithContext(ctx).Where("id = ?", id).Delete(&authRequestRow{}).Error; err != nil {
		return fmt.Errorf("delete auth request: %w", err)
	}
	return nil
}

// ---- access tokens ----

// CreateAccessToken records an issued access token.
func (s *Store) CreateAccessToken(ctx context.Context, t identitycore.AccessToken) error {
	row := toDBAccessToken(t)
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return fmt.Errorf("create access token: %w", err)
	}
	return nil
}

// AccessTokenByID returns the record or identitycore.ErrNotFound.
func (s *Store) AccessTokenByID(ctx context.Context, id string) (identitycore.AccessToken, error) {
	var rows []accessTokenRow
	if err := s.db.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&rows).Error; err != nil {
		return identitycore.AccessToken{}, fmt.Errorf("find access token: %w", err)
	}
	if len(rows) == 0 {
		return identitycore.AccessToken{}, identitycore.ErrNotFound
	}
	return toCoreAccessToken(rows[0]), nil
}

// DeleteAccessToken revokes one access token of a client.
func (s *Store) DeleteAccessToken(ctx context.Context, id, clientID string) error {
	err := s.db.WithContext(ctx).Where("id = ? AND client_id = ?", id, clientID).Delete(&accessTokenRow{}).Error
	if err != nil {
		return fmt.Errorf("delete access token: %w", err)
	}
	return nil
}

// ---- refresh tokens ----

// CreateRefreshToken stores a new refresh token under the hash of its secret value.
func (s *Store) CreateRefreshToken(ctx context.Context, t identitycore.RefreshToken, tokenHash string) error {
	row := toDBRefreshToken(t, tokenHash)
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return fmt.Errorf("create refresh token: %w", err)
	}
	return nil
}

// RefreshTokenByHash returns the token or identitycore.ErrNotFound.
func (s *Store) RefreshTokenByHash(ctx context.Context, tokenHash string) (identitycore.RefreshToken, error) {
	var rows []refreshTokenRow
	if err := s.db.WithContext(ctx).Where("token_hash = ?", tokenHash).Limit(1).Find(&rows).Error; err != nil {
		return identitycore.RefreshToken{}, fmt.Errorf("find refresh token: %w", err)
	}
	if len(rows) == 0 {
		return identitycore.RefreshToken{}, identitycore.ErrNotFound
	}
	return toCoreRefreshToken(rows[0]), nil
}

// RotateRefreshToken replaces the token with hash oldHash by next, atomically: when the old
// token is already gone (used by a concurrent request) it returns identitycore.ErrNotFound
// and stores nothing.
func (s *Store) RotateRefreshToken(ctx context.Context, oldHash string, next identitycore.RefreshToken, nextHash string) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("token_hash = ?", oldHash).Delete(&refreshTokenRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return identitycore.ErrNotFound
		}
		row := toDBRefreshToken(next, nextHash)
		return tx.Create(&row).Error
	})
	if errors.Is(err, identitycore.ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("rotate refresh token: %w", err)
	}
	return nil
}

// DeleteRefreshToken revokes one refresh token of a client by its id.
func (s *Store) DeleteRefreshToken(ctx context.Context, id, clientID string) error {
	err := s.db.WithContext(ctx).Where("id = ? AND client_id = ?", id, clientID).Delete(&refreshTokenRow{}).Error
	if err != nil {
		return fmt.Errorf("delete refresh token: %w", err)
	}
	return nil
}

// DeleteGrants revokes every access and refresh token the user holds for the client.
func (s *Store) DeleteGrants(ctx context.Context, userID, clientID string) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id = ? AND client_id = ?", userID, clientID).Delete(&accessTokenRow{}).Error; err != nil {
			return err
		}
		return tx.Where("user_id = ? AND client_id = ?", userID, clientID).Delete(&refreshTokenRow{}).Error
	})
	if err != nil {
		return fmt.Errorf("delete grants: %w", err)
	}
	return nil
}

// ---- browser sessions ----

// CreateSession stores a browser session under the hash of its cookie value.
func (s *Store) CreateSession(ctx context.Context, tokenHash string, sess identitycore.Session, now time.Time) error {
	row := toDBSession(sess, tokenHash, now)
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionByHash returns the session or identitycore.ErrNotFound.
func (s *Store) SessionByHash(ctx context.Context, tokenHash string) (identitycore.Session, error) {
	var rows []sessionRow
	if err := s.db.WithContext(ctx).Where("token_hash = ?", tokenHash).Limit(1).Find(&rows).Error; err != nil {
		return identitycore.Session{}, fmt.Errorf("find session: %w", err)
	}
	if len(rows) == 0 {
		return identitycore.Session{}, identitycore.ErrNotFound
	}
	return toCoreSession(rows[0]), nil
}

// DeleteSession ends one browser session; ending a missing one is not an error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if err := s.db.WithContext(ctx).Where("token_hash = ?", tokenHash).Delete(&sessionRow{}).Error; err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteSessionsOfUser ends every browser session of the user.
func (s *Store) DeleteSessionsOfUser(ctx context.Context, userID string) error {
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&sessionRow{}).Error; err != nil {
		return fmt.Errorf("delete sessions: %w", err)
	}
	return nil
}

// ---- housekeeping ----

// PurgeExpired deletes expired tokens, sessions and sign-in throttle keys, and auth requests
// created before authRequestsBefore.
func (s *Store) PurgeExpired(ctx context.Context, now, authRequestsBefore time.Time) error {
	now, authRequestsBefore = utc(now), utc(authRequestsBefore)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, del := range []struct {
			model any
			where string
			arg   time.Time
		}{
			{&accessTokenRow{}, "expires_at < ?", now},
			{&refreshTokenRow{}, "expires_at < ?", now},
			{&sessionRow{}, "expires_at < ?", now},
			{&signInThrottleRow{}, "expires_at < ?", now},
			{&authRequestRow{}, "created_at < ?", authRequestsBefore},
		} {
			if err := tx.Where(del.where, del.arg).Delete(del.model).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("purge expired identity rows: %w", err)
	}
	return nil
}
