package rma_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

func TestRefusalForNewRMA_RepairsFollowSpec4AndUpgradesTheirOwnRule(t *testing.T) {
	cases := []struct {
		name    string
		unit    rma.Unit
		rmaType string
		want    error
	}{
		{"a repair of a unit without an RMA", complete(rma.Unit{}), rma.DefaultRMAType, nil},
		{"a repair beside an open RMA", complete(rma.Unit{OpenRMANumber: "RMA-100001"}), rma.DefaultRMAType, rma.ErrNotValidForNewRMA},
		{"a repair beside an open RMA with the override", complete(rma.Unit{OpenRMANumber: "RMA-100001", AllowOOW: true}), rma.DefaultRMAType, nil},
		{"a repair of an end-of-service unit", complete(rma.Unit{EndOfService: true}), rma.DefaultRMAType, rma.ErrNotValidForNewRMA},
		{"a repair of an EX80", complete(rma.Unit{Model: rma.ModelEX80}), rma.DefaultRMAType, rma.ErrContactHelpdesk},
		{"an upgrade of a unit without an RMA", complete(rma.Unit{}), rma.RMATypeUpgrade, nil},
		{"an upgrade beside an open RMA, even with the override", complete(rma.Unit{OpenRMANumber: "RMA-100001", AllowOOW: true}), rma.RMATypeUpgrade, rma.ErrNotValidForNewRMA},
		{"an upgrade of an end-of-service unit", complete(rma.Unit{EndOfService: true}), rma.RMATypeUpgrade, rma.ErrUpgradeNotOffered},
		{"an upgrade of an EX80", complete(rma.Unit{Model: rma.ModelEX80}), rma.RMATypeUpgrade, rma.ErrUpgradeNotOffered},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.ErrorIs(t, rma.RefusalForNewRMA(tc.unit, tc.rmaType), tc.want)
		})
	}
}
