package graph

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/rma/rma"
)

func TestUnitBlockOf_ASavedQuoteOpensOnlyWhereCreationWouldAcceptItsUnit(t *testing.T) {
	saved := func(rmaType string) payments.Quote {
		input := map[string]any{"primaryFault": "Display"}
		if rmaType != "" {
			input["rmaType"] = rmaType
		}
		return payments.Quote{Kind: payments.KindSaved, Serial: "RT10000002",
			Saved: payments.SavedQuote{ExternalResource: payments.ExternalResource{Serial: "RT10000002", RMAInput: input}}}
	}
	unit := func(u rma.Unit) registered {
		if u.Model == "" {
			u.Model = "RL14"
		}
		return registered{unit: u, found: true}
	}
	openRMA, endOfService, helpdesk := UnitBlockOpenRma, UnitBlockEndOfService, UnitBlockHelpdeskOnly
	cases := []struct {
		name  string
		quote payments.Quote
		reg   registered
		want  *UnitBlock
	}{
		{"a repair quote of a free unit opens", saved(""), unit(rma.Unit{}), nil},
		{"a repair quote beside an open RMA waits for it", saved("REPAIR"), unit(rma.Unit{OpenRMANumber: "RMA-100001"}), &openRMA},
		{"a repair quote beside an open RMA opens with the override", saved(""), unit(rma.Unit{OpenRMANumber: "RMA-100001", AllowOOW: true}), nil},
		{"an upgrade quote beside an open RMA waits even with the override", saved(rma.RMATypeUpgrade), unit(rma.Unit{OpenRMANumber: "RMA-100001", AllowOOW: true}), &openRMA},
		{"a quote of an end-of-service unit does not open", saved(rma.RMATypeUpgrade), unit(rma.Unit{EndOfService: true}), &endOfService},
		{"a quote of an EX80 goes to the helpdesk", saved(""), unit(rma.Unit{Model: rma.ModelEX80}), &helpdesk},
		{"a service quote's RMA exists already", payments.Quote{Kind: payments.KindService}, unit(rma.Unit{OpenRMANumber: "RMA-100001"}), nil},
		{"a unit the registry no longer has is left to the page", saved(""), registered{}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, unitBlockOf(tc.quote, tc.reg))
		})
	}
}
