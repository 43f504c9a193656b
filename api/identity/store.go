package identity

import (
	"context"
	"time"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitythrottle"
)

// store is what the provider needs from its database; identitydb.Store implements it.
type store interface {
	Ping(ctx context.Context) error

	CreateUserIfAbsent(ctx context.Context, u identitycore.User) (bool, error)
	UserExists(ctx context.Context, id, email string) (bool, error)
	UserByID(ctx context.Context, id string) (identitycore.User, error)
	UserByEmail(ctx context.Context, email string) (identitycore.User, error)

	CreateAuthRequest(ctx context.Context, a identitycore.AuthRequest) error
	AuthRequestByID(ctx context.Context, id string) (identitycore.AuthRequest, error)
	CompleteAuthRequest(ctx context.Context, id, userID string, authTime time.Time, amr []string) error
	SaveAuthCode(ctx context.Context, id, codeHash string, issuedAt time.Time) error
	TakeAuthRequestByCode(ctx context.Context, codeHash string) (identitycore.AuthRequest, error)
	DeleteAuthRequest(ctx context.Context, id string) error

	CreateAccessToken(ctx context.Context, t identitycore.AccessToken) error
	AccessTokenByID(ctx context.Context, id string) (identitycore.AccessToken, error)
	DeleteAccessToken(ctx context.Context, id, clientID string) error

	CreateRefreshToken(ctx context.Context, t identitycore.RefreshToken, tokenHash string) error
	RefreshTokenByHash(ctx context.Context, tokenHash string) (identitycore.RefreshToken, error)
	RotateRefreshToken(ctx context.Context, oldHash string, next identitycore.RefreshToken, nextHash string) error
	DeleteRefreshToken(ctx context.Context, id, clientID string) error
	DeleteGrants(ctx context.Context, userID, clientID string) error

	CreateSession(ctx context.Context, tokenHash string, sess identitycore.Session, now time.Time) error
	SessionByHash(ctx context.Context, tokenHash string) (identitycore.Session, error)
	DeleteSession(ctx context.Context, tokenHash string) error
	DeleteSessionsOfUser(ctx context.Context, userID string) error

	PurgeExpired(ctx context.Context, now, authRequestsBefore time.Time) error

	identitythrottle.Store
}
