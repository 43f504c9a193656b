// Package rma owns the units registry and, in later steps, the RMA aggregate. This file holds the
// unit rules of spec §4: when a unit may get a new RMA and which card a customer sees for it
// (serial.go: how a serial is read).
package rma

import (
	"slices"
	"time"

	"rugged.example/portal/api/pkg/fault"
)

// Constants of spec §9 that decide a unit's treatment.
const (
	ModelEX80                 = "EX80"
	ProductTypeVeretos        = "VERETOS"
	RepairTypeStandard        = "STANDARD"
	RepairTypeAdvanceExchange = "ADVANCE_EXCHANGE"
)

var ErrUnitNotFound = fault.New(fault.KindNotFound, "rma.unitNotFound", "Serial Not Found")

// Unit is one device of the registry.
type Unit struct {
	Serial             string
	Model              string
	ModelFamily        string
	PartNumber         string
	ProductType        string
	AllowOOW           bool
	AllowedRepairTypes []string
	// OpenRMANumber is set while the unit has an RMA that is not closed.
	OpenRMANumber string
	// WarrantyEnd is the last covered day (UTC date); nil when the registry does not know it.
	WarrantyEnd  *time.Time
	WarrantyType string
	EndOfService bool
}

// CardState is the unit card a customer sees (spec §4 "Unit card states").
type CardState string

const (
	CardWarranty       CardState = "warranty"
	CardOutOfWarranty  CardState = "out-of-warranty"
	CardEndOfService   CardState = "end-of-service"
	CardSpecialService CardState = "special-service"
	CardRMAExists      CardState = "rma-exists"
	CardMissingData    CardState = "missing-data"
)

// InWarranty reports whether today (UTC) is on or before the warranty's last day.
func (u Unit) InWarranty(today time.Time) bool {
	if u.WarrantyEnd == nil {
		return false
	}
	return !dateOf(today).After(dateOf(*u.WarrantyEnd))
}

// RMAExists reports whether the unit already has an open RMA.
func (u Unit) RMAExists() bool { return u.OpenRMANumber != "" }

// MissingData reports whether the registry lacks what a repair needs to be quoted and shipped.
func (u Unit) MissingData() bool {
	return u.Model == "" || u.ModelFamily == "" || u.PartNumber == "" || u.ProductType == "" || u.WarrantyEnd == nil
}

// AdvanceExchange reports whether the unit is served by the special (advance exchange) process.
func (u Unit) AdvanceExchange() bool {
	return slices.Contains(u.AllowedRepairTypes, RepairTypeAdvanceExchange)
}

// ValidForNewRMA is the rule of spec §4, word for word: (exists and no RMA exists, or
// out-of-warranty override allowed) and not end of service and model not EX80.
func (u Unit) ValidForNewRMA() bool {
	return (!u.RMAExists() || u.AllowOOW) && !u.EndOfService && u.Model != ModelEX80
}

// CardState picks the one card to show; the order puts what blocks or changes the repair first.
func (u Unit) CardState(today time.Time) CardState {
	switch {
	case u.MissingData():
		return CardMissingData
	case u.EndOfService:
		return CardEndOfService
	case u.RMAExists():
		return CardRMAExists
	case u.AdvanceExchange():
		return CardSpecialService
	case u.InWarranty(today):
		return CardWarranty
	default:
		return CardOutOfWarranty
	}
}

func dateOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
