package identitydb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/testkit"
)

// The stored profile on both databases: absent until saved, saved whole, replaced whole.
func TestStoredProfile_SQLite(t *testing.T) { testStoredProfile(t, testkit.SQLite(t)) }

func TestIntegrationStoredProfile_PostgreSQL(t *testing.T) { testStoredProfile(t, testkit.Postgres(t)) }

func testStoredProfile(t *testing.T, gdb *gorm.DB) {
	s := newStore(t, gdb)
	ctx := t.Context()

	_, ok, err := s.StoredProfile(ctx, "usr_casey")
	require.NoError(t, err)
	require.False(t, ok, "nothing is stored before the first save")

	first := identitycore.StoredProfile{
		Subject: "usr_casey", FirstName: "Casey", LastName: "Morgan", Company: "Morgan Surveying", Position: "Owner",
		Phone: "5125550142", PhoneCountryCode: "US",
		Shipping: identitycore.Address{Line1: "500 W 2nd St", Line2: "Suite 200", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
		SavedAt:  time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC),
	}
	require.NoError(t, s.SaveStoredProfile(ctx, first))
	got, ok, err := s.StoredProfile(ctx, "usr_casey")
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, first, got)

	second := first
	second.Position, second.Shipping.Line2 = "", ""
	second.SavedAt = first.SavedAt.Add(time.Hour)
	require.NoError(t, s.SaveStoredProfile(ctx, second))
	got, _, err = s.StoredProfile(ctx, "usr_casey")
	require.NoError(t, err)
	require.Equal(t, second, got, "a second save replaces every field, emptied ones included")

	_, ok, err = s.StoredProfile(ctx, "usr_olivia")
	require.NoError(t, err)
	require.False(t, ok, "one user's save is nobody else's")
	require.Error(t, s.SaveStoredProfile(ctx, identitycore.StoredProfile{}), "a profile needs its subject")
}
