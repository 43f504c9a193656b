package identitydb_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/pkg/testkit"
)

type storeBehaviour struct {
	name string
	run  func(t *testing.T, s *identitydb.Store)
}

func storeBehaviours() []storeBehaviour {
	return []storeBehaviour{
		{"CreateUserIfAbsent_KeepsExistingUser", testCreateUserIfAbsentKeepsExistingUser},
		{"UserByEmail_IgnoresCase", testUserByEmailIgnoresCase},
		{"TakeAuthRequestByCode_SucceedsOnceUnderConcurrency", testTakeAuthRequestByCodeSucceedsOnceUnderConcurrency},
		{"RotateRefreshToken_SucceedsOnceUnderConcurrency", testRotateRefreshTokenSucceedsOnceUnderConcurrency},
		{"CompleteAuthRequest_OnlyOnce", testCompleteAuthRequestOnlyOnce},
		{"PurgeExpired_DeletesOnlyExpiredRows", testPurgeExpiredDeletesOnlyExpiredRows},
	}
}

func newStore(t *testing.T, db *gorm.DB) *identitydb.Store {
	t.Helper()
	require.NoError(t, identitydb.Migrate(t.Context(), db))
	require.NoError(t, identitydb.Migrate(t.Context(), db), "migrating twice is harmless")
	return identitydb.NewStore(db)
}

func TestStore_SQLite(t *testing.T) {
	for _, b := range storeBehaviours() {
		t.Run(b.name, func(t *testing.T) { b.run(t, newStore(t, testkit.SQLite(t))) })
	}
}

func TestIntegrationStore_PostgreSQL(t *testing.T) {
	for _, b := range storeBehaviours() {
		t.Run(b.name, func(t *testing.T) { b.run(t, newStore(t, testkit.Postgres(t))) })
	}
}

func testUser() identitycore.User {
	return identitycore.User{
		ID: "usr_test", Email: "Test.User@Example.com", PasswordHash: "hash",
		FirstName: "Test", LastName: "User", OrgName: "Org", FlatDiscountPercentage: 12.5,
		Shipping: identitycore.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
		Roles:    []string{"service-portal:customer", "service-portal:admin"},
	}
}

func testCreateUserIfAbsentKeepsExistingUser(t *testing.T, s *identitydb.Store) {
	ctx := context.Background()
	created, err := s.CreateUserIfAbsent(ctx, testUser())
	require.NoError(t, err)
	require.True(t, created)

	tests := []struct {
		name   string
		change func(*identitycore.User)
	}{
		{"same id", func(u *identitycore.User) { u.Email = "other@example.com" }},
		{"same email", func(u *identitycore.User) { u.ID = "usr_other" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := testUser()
			u.FirstName, u.Roles = "Changed", []string{"x:y"}
			tc.change(&u)
			created, err := s.CreateUserIfAbsent(ctx, u)
			require.NoError(t, err)
			require.False(t, created)
		})
	}
	got, err := s.UserByID(ctx, "usr_test")
	require.NoError(t, err)
	require.Equal(t, "Test", got.FirstName)
	require.Equal(t, []string{"service-portal:admin", "service-portal:customer"}, got.Roles)
	require.Equal(t, 12.5, got.FlatDiscountPercentage)
	require.Equal(t, "Austin", got.Shipping.City)

	_, err = s.UserByID(ctx, "usr_other")
	require.ErrorIs(t, err, identitycore.ErrUnknownUser)
}

func testUserByEmailIgnoresCase(t *testing.T, s *identitydb.Store) {
	ctx := context.Background()
	_, err := s.CreateUserIfAbsent(ctx, testUser())
	require.NoError(t, err)
	for _, email := range []string{"test.user@example.com", "TEST.USER@EXAMPLE.COM", "  Test.User@Example.com "} {
		u, err := s.UserByEmail(ctx, email)
		require.NoError(t, err, email)
		require.Equal(t, "usr_test", u.ID)
		require.Equal(t, "test.user@example.com", u.Email)
	}
	_, err = s.UserByEmail(ctx, "")
	require.ErrorIs(t, err, identitycore.ErrUnknownUser)
}

func newAuthRequest(id string, created time.Time) identitycore.AuthRequest {
	return identitycore.AuthRequest{
		ID: id, ClientID: "service-portal", RedirectURI: "http://127.0.0.1:8080/oidc-callback",
		Scopes: []string{"openid", "email"}, ResponseType: "code", State: "s",
		CodeChallenge: "c", CodeChallengeMethod: "S256", CreatedAt: created,
	}
}

// concurrently runs f n times at once and returns how many calls succeeded.
func concurrently(n int, f func() error) int {
	var (
		wg sync.WaitGroup
		mu sync.Mutex
		ok int
	)
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if f() == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	return ok
}

func testTakeAuthRequestByCodeSucceedsOnceUnderConcurrency(t *testing.T, s *identitydb.Store) {
	ctx := context.Background()
	now := time.Now()
	require.NoError(t, s.CreateAuthRequest(ctx, newAuthRequest("ar1", now)))
	require.ErrorIs(t, s.SaveAuthCode(ctx, "ar1", "codehash", now), identitycore.ErrNotFound, "no code before sign-in")
	require.NoError(t, s.CompleteAuthRequest(ctx, "ar1", "usr_test", now, []string{"pwd"}))
	require.NoError(t, s.SaveAuthCode(ctx, "ar1", "codehash", now))
	require.ErrorIs(t, s.SaveAuthCode(ctx, "ar1", "other", now), identitycore.ErrNotFound, "one code per request")

	taken := concurrently(8, func() error {
		a, err := s.TakeAuthRequestByCode(ctx, "codehash")
		if err == nil && (a.ID != "ar1" || a.UserID != "usr_test" || !a.Done) {
			t.Errorf("took %+v", a)
		}
		return err
	})
	require.Equal(t, 1, taken)
	_, err := s.AuthRequestByID(ctx, "ar1")
	require.ErrorIs(t, err, identitycore.ErrNotFound)
}

func testRotateRefreshTokenSucceedsOnceUnderConcurrency(t *testing.T, s *identitydb.Store) {
	ctx := context.Background()
	now := time.Now()
	rt := identitycore.RefreshToken{
		ID: "rt0", UserID: "usr_test", ClientID: "service-portal", Scopes: []string{"openid", "offline_access"},
		Audience: []string{"service-portal"}, AMR: []string{"pwd"}, AuthTime: now, ExpiresAt: now.Add(time.Hour), CreatedAt: now,
	}
	require.NoError(t, s.CreateRefreshToken(ctx, rt, "h0"))

	var mu sync.Mutex
	i := 0
	rotated := concurrently(8, func() error {
		mu.Lock()
		i++
		n := i
		mu.Unlock()
		next := rt
		next.ID = "rt" + string(rune('0'+n))
		return s.RotateRefreshToken(ctx, "h0", next, "h"+string(rune('0'+n)))
	})
	require.Equal(t, 1, rotated)
	_, err := s.RefreshTokenByHash(ctx, "h0")
	require.ErrorIs(t, err, identitycore.ErrNotFound)
}

func testCompleteAuthRequestOnlyOnce(t *testing.T, s *identitydb.Store) {
	ctx := context.Background()
	require.NoError(t, s.CreateAuthRequest(ctx, newAuthRequest("ar2", time.Now())))
	require.NoError(t, s.CompleteAuthRequest(ctx, "ar2", "usr_a", time.Now(), []string{"pwd"}))
	require.ErrorIs(t, s.CompleteAuthRequest(ctx, "ar2", "usr_b", time.Now(), []string{"pwd"}), identitycore.ErrNotFound)
	require.ErrorIs(t, s.CompleteAuthRequest(ctx, "missing", "usr_b", time.Now(), nil), identitycore.ErrNotFound)
	a, err := s.AuthRequestByID(ctx, "ar2")
	require.NoError(t, err)
	require.Equal(t, "usr_a", a.UserID)
	require.Equal(t, []string{"pwd"}, a.AMR)
	require.Equal(t, []string{"openid", "email"}, a.Scopes)
}

func testPurgeExpiredDeletesOnlyExpiredRows(t *testing.T, s *identitydb.Store) {
	ctx := context.Background()
	now := time.Now()
	// Times around "now" with and without fractional seconds, in another zone: the
	// comparison must be chronological on both drivers.
	zone := time.FixedZone("UTC-5", -5*3600)
	expired, live := now.Add(-time.Second).In(zone), now.Add(1500*time.Millisecond).Truncate(time.Second).In(zone)

	for id, exp := range map[string]time.Time{"at-expired": expired, "at-live": live} {
		require.NoError(t, s.CreateAccessToken(ctx, identitycore.AccessToken{
			ID: id, UserID: "u", ClientID: "c", ExpiresAt: exp, CreatedAt: now}))
	}
	for id, exp := range map[string]time.Time{"rt-expired": expired, "rt-live": live} {
		require.NoError(t, s.CreateRefreshToken(ctx, identitycore.RefreshToken{
			ID: id, UserID: "u", ClientID: "c", AuthTime: now, ExpiresAt: exp, CreatedAt: now}, "hash-"+id))
	}
	require.NoError(t, s.CreateSession(ctx, "s-expired", identitycore.Session{UserID: "u", AuthTime: now, ExpiresAt: expired}, now))
	require.NoError(t, s.CreateSession(ctx, "s-live", identitycore.Session{UserID: "u", AuthTime: now, ExpiresAt: live}, now))
	require.NoError(t, s.CreateAuthRequest(ctx, newAuthRequest("ar-old", now.Add(-time.Hour))))
	require.NoError(t, s.CreateAuthRequest(ctx, newAuthRequest("ar-new", now)))

	require.NoError(t, s.PurgeExpired(ctx, now, now.Add(-30*time.Minute)))

	_, err := s.AccessTokenByID(ctx, "at-expired")
	require.ErrorIs(t, err, identitycore.ErrNotFound)
	_, err = s.AccessTokenByID(ctx, "at-live")
	require.NoError(t, err)
	_, err = s.RefreshTokenByHash(ctx, "hash-rt-expired")
	require.ErrorIs(t, err, identitycore.ErrNotFound)
	_, err = s.RefreshTokenByHash(ctx, "hash-rt-live")
	require.NoError(t, err)
	_, err = s.SessionByHash(ctx, "s-expired")
	require.ErrorIs(t, err, identitycore.ErrNotFound)
	_, err = s.SessionByHash(ctx, "s-live")
	require.NoError(t, err)
	_, err = s.AuthRequestByID(ctx, "ar-old")
	require.ErrorIs(t, err, identitycore.ErrNotFound)
	_, err = s.AuthRequestByID(ctx, "ar-new")
	require.NoError(t, err)
}
