package rma_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmatest"
)

func TestVerifySerial_ReportsStateAndCachesTheUnit(t *testing.T) {
	store := rmatest.NewStore(complete(rma.Unit{Serial: "RT10000001"}))
	svc := rma.NewService(store, cache.NewMemory(100), testkit.Quiet(), func() time.Time { return today })

	for range 3 {
		v, err := svc.VerifySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		require.Equal(t, "RT10000001", v.Unit.Serial)
		require.True(t, v.InWarranty)
		require.True(t, v.ValidForNewRMA)
		require.Equal(t, rma.CardWarranty, v.CardState)
	}
	require.Equal(t, 1, store.Lookups, "later checks come from the cache")

	require.NoError(t, svc.ForgetUnit(t.Context(), "RT10000001"))
	_, err := svc.VerifySerial(t.Context(), "RT10000001")
	require.NoError(t, err)
	require.Equal(t, 2, store.Lookups)
}

func TestVerifySerial_UnknownSerialIsNotFoundAndCachedBriefly(t *testing.T) {
	store := rmatest.NewStore()
	svc := rma.NewService(store, cache.NewMemory(100), testkit.Quiet(), nil)
	for range 2 {
		_, err := svc.VerifySerial(t.Context(), "ZZ99999999")
		require.ErrorIs(t, err, rma.ErrUnitNotFound)
	}
	require.Equal(t, 1, store.Lookups)
}
