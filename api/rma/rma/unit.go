// Package rma owns the units registry and, in later steps, the RMA aggregate. This file holds the
// serial rules of spec §4: how a serial is read, when a unit may get a new RMA, and which card
// a customer sees for it.
package rma

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

// Constants of spec §9 that decide a unit's treatment.
const (
	ModelEX80                 = "EX80"
	ProductTypeVeretos        = "VERETOS"
	RepairTypeStandard        = "STANDARD"
	RepairTypeAdvanceExchange = "ADVANCE_EXCHANGE"
	// SerialMaxLength matches the longest serial the support-ticket form accepts (spec §9).
	SerialMaxLength = 50
)

var (
	ErrUnitNotFound = fault.New(fault.KindNotFound, "rma.unitNotFound", "Serial Not Found")
	// serialPattern is the alphabet of real serials, in either case. Anything else cannot name a
	// unit, so it is answered as not found without asking the store. It is checked before upper-
	// casing: Unicode would turn a typed "ı" into an ASCII "I".
	serialPattern = regexp.MustCompile(`^[A-Za-z0-9-]+$`)
)

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

// NormalizeSerial applies the serial rules: trimmed, never empty or longer than SerialMaxLength,
// of serialPattern's alphabet, upper-cased (packages/rulebook/vectors/serial.json).
func NormalizeSerial(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	var v validate.Errors
	v.Required("serial", s)
	v.MaxLen("serial", s, SerialMaxLength)
	if err := v.Err(); err != nil {
		return "", err
	}
	if !serialPattern.MatchString(s) {
		return "", ErrUnitNotFound
	}
	return strings.ToUpper(s), nil
}

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
