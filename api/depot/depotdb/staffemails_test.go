package depotdb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationStaffEmails_TheAuditNamesTheStaffOfAnRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := f.created(t, "RT10000001", "rma/a.jpg")
		_, err := f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{Number: r.Number, Serial: r.Serial, Photos: []string{"depot/a.jpg"}})
		require.NoError(t, err)

		got, err := f.store.StaffEmails(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, map[string]string{"usr_tariq": "tariq@rugged.example"}, got)
		none, err := f.store.StaffEmails(t.Context(), "RMA-999999")
		require.NoError(t, err)
		require.Empty(t, none)
	})
}
