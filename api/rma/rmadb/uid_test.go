package rmadb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// A new RMA, repair or recycle, gets a uid of its own and keeps the organization it was
// opened under.
func TestIntegrationCreate_StoresTheUIDAndTheOrganization(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		req := request()
		req.Org = "FleetCo"
		first, err := f.creator.Create(t.Context(), req)
		require.NoError(t, err)
		require.Len(t, first.RMA.UID, rma.UIDLength)
		require.Equal(t, "FleetCo", first.RMA.Org)

		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", first.RMA.Number)
		require.NoError(t, err)
		require.Equal(t, first.RMA.UID, stored.UID)
		require.Equal(t, "FleetCo", stored.Org)

		recycled, err := f.creator.Recycle(t.Context(), recycleRequest())
		require.NoError(t, err)
		require.Len(t, recycled.RMA.UID, rma.UIDLength)
		require.NotEqual(t, first.RMA.UID, recycled.RMA.UID)
		require.Empty(t, recycled.RMA.Org, "opened outside any organization")
	})
}
