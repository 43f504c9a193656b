package accountdb_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

func newStore(t *testing.T, gdb *gorm.DB) *accountdb.Store {
	t.Helper()
	_, err := db.Migrate(t.Context(), gdb, accountdb.Schema())
	require.NoError(t, err)
	return accountdb.NewStore(gdb)
}

func TestStore(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		t.Run("branches are scoped to their organization", func(t *testing.T) { testBranches(t, s) })
		t.Run("seed is idempotent and checksums hold", func(t *testing.T) { testSeed(t, s) })
	})
}

func testBranches(t *testing.T, s *accountdb.Store) {
	ctx := t.Context()
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	depot := account.Branch{
		ID: "br_test_depot", Org: "Acme Rail", Name: "North Depot",
		Address:   rma.Address{Line1: "10 Yard Rd", City: "Omaha", State: "NE", Country: "US", PostalCode: "68102"},
		Contact:   account.BranchContact{FirstName: "Ada", LastName: "Stone", Email: "ada@acme.example", Phone: "4025550111", PhoneCountryCode: "US"},
		CreatedAt: at, UpdatedAt: at,
	}
	yard := depot
	yard.ID, yard.Name = "br_test_yard", "East Yard"
	other := depot
	other.ID, other.Org = "br_other_org", "Other Org"
	for _, b := range []account.Branch{depot, yard, other} {
		require.NoError(t, s.CreateBranch(ctx, b))
	}
	got, err := s.Branches(ctx, "Acme Rail")
	require.NoError(t, err)
	require.Equal(t, []account.Branch{yard, depot}, got, "by name, the organization's only")

	moved := depot
	moved.Name, moved.Address.Line2, moved.UpdatedAt = "North Depot (new)", "Dock 3", at.Add(time.Hour)
	require.NoError(t, s.UpdateBranch(ctx, moved))
	got, err = s.Branches(ctx, "Acme Rail")
	require.NoError(t, err)
	require.Equal(t, moved, got[1])

	stolen := other
	stolen.Org = "Acme Rail"
	require.ErrorIs(t, s.UpdateBranch(ctx, stolen), account.ErrBranchNotFound, "another organization's id is unknown")
	require.ErrorIs(t, s.DeleteBranch(ctx, "Acme Rail", other.ID), account.ErrBranchNotFound)
	require.ErrorIs(t, s.DeleteBranch(ctx, "Acme Rail", "br_missing"), account.ErrBranchNotFound)
	require.NoError(t, s.DeleteBranch(ctx, "Acme Rail", yard.ID))
	got, err = s.Branches(ctx, "Acme Rail")
	require.NoError(t, err)
	require.Len(t, got, 1)
	got, err = s.Branches(ctx, "Other Org")
	require.NoError(t, err)
	require.Equal(t, []account.Branch{other}, got, "the other organization keeps its branch")
}

func testSeed(t *testing.T, s *accountdb.Store) {
	ctx := t.Context()
	bucket, err := blob.Open(ctx, "", t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { bucket.Close() })
	require.NoError(t, accountdb.Seed(ctx, s, bucket))
	require.NoError(t, accountdb.Seed(ctx, s, bucket), "seeding again changes nothing")

	branches, err := s.Branches(ctx, accountdb.DemoOrg)
	require.NoError(t, err)
	require.Len(t, branches, 3)

	drivers, err := s.DriversOf(ctx, []string{"RL14", "TH6", "NOPE"})
	require.NoError(t, err)
	require.NotEmpty(t, drivers)
	models := map[string]bool{}
	for i, d := range drivers {
		models[d.Model] = true
		if i > 0 {
			require.LessOrEqual(t, drivers[i-1].Model, d.Model, "by model")
		}
		file, err := bucket.ReadAll(ctx, d.BlobKey)
		require.NoError(t, err)
		sum := sha256.Sum256(file)
		require.Equal(t, hex.EncodeToString(sum[:]), d.SHA256, "the stored checksum is the file's")
		require.EqualValues(t, len(file), d.Size)
	}
	require.Equal(t, map[string]bool{"RL14": true, "TH6": true}, models)

	one, err := s.Driver(ctx, drivers[0].ID)
	require.NoError(t, err)
	require.Equal(t, drivers[0], one)
	_, err = s.Driver(ctx, "no-such-driver")
	require.ErrorIs(t, err, account.ErrDriverNotFound)
}
