package rmadb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

func TestIntegrationRMAForStaff_FindsAnyOwnersRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		created, err := f.creator.Create(t.Context(), request())
		require.NoError(t, err)

		got, err := f.store.RMAForStaff(t.Context(), created.RMA.Number)
		require.NoError(t, err)
		require.Equal(t, "usr_casey", got.Owner)
		require.Equal(t, "RT10000001", got.Serial)
		require.Equal(t, "casey@example.com", got.Contact.Email)

		_, err = f.store.RMAForStaff(t.Context(), "RMA-999999")
		require.ErrorIs(t, err, rma.ErrRMANotFound)
	})
}
