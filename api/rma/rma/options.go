package rma

import (
	"context"

	"rugged.example/portal/api/pkg/money"
)

// Option is one problem of a fault with its out-of-warranty price and a technician's tip
// (spec §3 "Repair option list entry").
type Option struct {
	Name  string
	Price money.Money
	Tip   string
}

// FaultOptions is a primary fault and its problems.
type FaultOptions struct {
	Name    string
	Options []Option
}

// OptionsStore reads the repair options table.
type OptionsStore interface {
	RepairOptions(ctx context.Context, model, rmaType string) ([]FaultOptions, error)
}

// RepairFormSelections answers the GraphQL query of the same name: the faults and problems
// offered for a unit. When a serial is given (not "") the options follow the registry's model, not what
// the browser claims; pn is part of the query's signature (spec §7) but options are kept per model.
func RepairFormSelections(ctx context.Context, units Store, options OptionsStore, pn, model, rmaType string, serial Serial) ([]FaultOptions, error) {
	if serial != "" {
		u, err := units.UnitBySerial(ctx, serial.String())
		if err != nil {
			return nil, err
		}
		model = u.Model
	}
	if rmaType == "" {
		rmaType = DefaultRMAType
	}
	return options.RepairOptions(ctx, model, rmaType)
}
