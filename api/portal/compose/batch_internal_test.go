package compose

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// The batch reads an organization's branch names through the account's store, and only that
// organization's.
func TestIntegrationBatchBranches_NameTheOrganizationsBranches(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, accountdb.Schema())
		require.NoError(t, err)
		store := accountdb.NewStore(gdb)
		now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
		for _, b := range []account.Branch{
			{ID: "br_1", Org: "FleetCo", Name: "Columbus Headquarters", CreatedAt: now, UpdatedAt: now},
			{ID: "br_2", Org: "FleetCo", Name: "Dayton Service Yard", CreatedAt: now, UpdatedAt: now},
			{ID: "br_3", Org: "Other", Name: "Reno", CreatedAt: now, UpdatedAt: now},
		} {
			require.NoError(t, store.CreateBranch(t.Context(), b))
		}
		names, err := batchBranches{store: store}.BranchNames(t.Context(), "FleetCo")
		require.NoError(t, err)
		require.ElementsMatch(t, []string{"Columbus Headquarters", "Dayton Service Yard"}, names)
	})
}

// The batch's discount is the repair service's: the same terms, read with the caller's token.
func TestBatchDiscounts_AreTheRepairServicesTerms(t *testing.T) {
	terms := customerTerms{discountClaim: "flags.rma.flatDiscountPercentage"}
	caller := auth.Principal{Subject: "usr_olivia", Claims: map[string]any{"flags": map[string]any{"rma": map[string]any{"flatDiscountPercentage": 12.5}}}}
	want, err := terms.Terms(t.Context(), caller, "tok")
	require.NoError(t, err)
	got, err := batchDiscounts{terms: terms}.DiscountPercent(t.Context(), caller, "tok")
	require.NoError(t, err)
	require.Equal(t, want.DiscountPercent, got)
	require.InDelta(t, 12.5, got, 0)
}
