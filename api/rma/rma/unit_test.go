package rma_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

var today = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

func day(s string) *time.Time {
	t, _ := time.Parse("2006-01-02", s)
	return &t
}

func complete(u rma.Unit) rma.Unit {
	if u.Model == "" {
		u.Model = "RL14"
	}
	u.ModelFamily, u.PartNumber, u.ProductType = "Ranger", "RL14-G2-16", "LAPTOP"
	if u.WarrantyEnd == nil {
		u.WarrantyEnd = day("2028-01-01")
	}
	return u
}

func TestCardState_PicksTheBlockingStateFirst(t *testing.T) {
	tests := []struct {
		name string
		unit rma.Unit
		want rma.CardState
	}{
		{"in warranty", complete(rma.Unit{WarrantyEnd: day("2026-11-22")}), rma.CardWarranty},
		{"warranty ended yesterday", complete(rma.Unit{WarrantyEnd: day("2026-11-21")}), rma.CardOutOfWarranty},
		{"end of service", complete(rma.Unit{EndOfService: true}), rma.CardEndOfService},
		{"rma exists", complete(rma.Unit{OpenRMANumber: "RMA-1"}), rma.CardRMAExists},
		{"advance exchange", complete(rma.Unit{AllowedRepairTypes: []string{"STANDARD", "ADVANCE_EXCHANGE"}}), rma.CardSpecialService},
		{"missing part number", rma.Unit{Model: "RL14", ModelFamily: "Ranger", ProductType: "LAPTOP", WarrantyEnd: day("2028-01-01")}, rma.CardMissingData},
		{"missing warranty date", rma.Unit{Model: "RL14", ModelFamily: "Ranger", PartNumber: "P", ProductType: "LAPTOP"}, rma.CardMissingData},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { require.Equal(t, tt.want, tt.unit.CardState(today)) })
	}
}

func TestInWarranty_UnknownEndIsOutOfWarranty(t *testing.T) {
	require.False(t, rma.Unit{}.InWarranty(today))
}
