package rma

import (
	"context"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/validate"
)

// Sources of a held unit: how the viewer holds it.
const (
	SourceRegistration = "registration"
	SourceRMA          = "rma"
)

// Warranty states of a held unit, as the inventory shows and filters them.
const (
	WarrantyIn           = "IN_WARRANTY"
	WarrantyOut          = "OUT_OF_WARRANTY"
	WarrantyEndOfService = "END_OF_SERVICE"
)

// WarrantyStates are the values of Unit.WarrantyState.
var WarrantyStates = []string{WarrantyIn, WarrantyOut, WarrantyEndOfService}

// WarrantyState is the unit's warranty as a customer reads it today (UTC): end of service first
// (no repair whatever the date), then covered through its last day, else out of warranty (a unit
// whose end the registry does not know included).
func (u Unit) WarrantyState(today time.Time) string {
	switch {
	case u.EndOfService:
		return WarrantyEndOfService
	case u.InWarranty(today):
		return WarrantyIn
	default:
		return WarrantyOut
	}
}

// Limits of the holdings query. Held answers at most MaxHeld units: an inventory is read whole
// (filtered and paged by its caller, exported as CSV), so the cap keeps one organization's
// answer to a bounded number of rows and bind variables; 1000 units is far beyond the largest
// fleet a customer account holds today. MaxUnitRMAs bounds one unit's RMA list the same way.
const (
	MaxHeld        = 1000
	MaxUnitRMAs    = 200
	HeldTextMax    = 100
	HeldModelMax   = 30
	HeldProductMax = 20
)

// HeldFilter narrows the units a viewer holds. Serials asks "which of these does the viewer
// hold" (at most MaxHeld; a string that cannot be a serial is simply not held); ProductType and
// Model match exactly (case-insensitive); Text matches the serial, model or model family
// (case-insensitive, anywhere in them, literal). An empty part matches everything.
type HeldFilter struct {
	Serials     []string
	ProductType string
	Model       string
	Text        string
}

// OpenRMARef names the open RMA (not closed, cancelled or recycled) of a held unit, one the
// viewer sees: another customer's RMA on the same unit is never named.
type OpenRMARef struct {
	Number, UID string
	Status      Status
}

// HeldUnit is a unit the viewer (or their organization) holds, with the registry's unit as it
// stands now (warranty, model).
type HeldUnit struct {
	Unit Unit
	// Registered is set when the viewer or their organization registered the unit (product
	// registration), RegisteredAt when.
	Registered   bool
	RegisteredAt *time.Time
	// OpenRMA is the newest open RMA of the unit the viewer sees, nil for none.
	OpenRMA *OpenRMARef
	// Sources are how the unit is held, SourceRegistration and/or SourceRMA, in that order.
	Sources []string
}

// HoldingsStore reads what viewers hold. Every method sees only the rows v may see, by the same
// rule as the history: their own and, for a member, their organization's.
type HoldingsStore interface {
	// HeldUnits lists up to limit units v holds through a registration or an RMA that match f
	// (already checked and normalized), by serial.
	HeldUnits(ctx context.Context, v Viewer, f HeldFilter, limit int) ([]HeldUnit, error)
	// UnitRMAs lists up to limit RMAs of serial that v sees, newest first.
	UnitRMAs(ctx context.Context, v Viewer, serial string, limit int) ([]HistoryItem, error)
}

// Holdings answers which units a customer holds: the ones they (or their organization)
// registered or opened an RMA for. Other services (parts: the inventory, video-unit serials and
// the video cart's check) read it instead of the rma tables.
type Holdings struct{ store HoldingsStore }

// NewHoldings reads from store.
func NewHoldings(store HoldingsStore) *Holdings { return &Holdings{store: store} }

// Held lists the units v holds that match f, by serial, at most MaxHeld of them. A viewer
// without a subject holds nothing; a filter beyond its limits is a validation fault (fields
// text, model, productType, serials).
func (h *Holdings) Held(ctx context.Context, v Viewer, f HeldFilter) ([]HeldUnit, error) {
	f, err := f.checked()
	if err != nil {
		return nil, err
	}
	if v.Subject == "" || (f.Serials != nil && len(f.Serials) == 0) {
		return nil, nil
	}
	return h.store.HeldUnits(ctx, v, f, MaxHeld)
}

// Unit reads one unit v holds, with its RMAs that v sees (newest first, at most MaxUnitRMAs).
// A unit v does not hold answers ErrUnitNotFound, exactly as an unknown serial does.
func (h *Holdings) Unit(ctx context.Context, v Viewer, serial Serial) (HeldUnit, []HistoryItem, error) {
	if v.Subject == "" {
		return HeldUnit{}, nil, ErrUnitNotFound
	}
	held, err := h.store.HeldUnits(ctx, v, HeldFilter{Serials: []string{serial.String()}}, 1)
	if err != nil {
		return HeldUnit{}, nil, err
	}
	if len(held) == 0 {
		return HeldUnit{}, nil, ErrUnitNotFound
	}
	rmas, err := h.store.UnitRMAs(ctx, v, serial.String(), MaxUnitRMAs)
	if err != nil {
		return HeldUnit{}, nil, err
	}
	return held[0], rmas, nil
}

// checked refuses a filter beyond its limits and normalizes it: text trimmed, model and product
// type upper-cased, serials normalized with repeats and impossible ones dropped. Serials stays
// nil when the filter names none and becomes empty when none it names can be a serial.
func (f HeldFilter) checked() (HeldFilter, error) {
	out := HeldFilter{
		Text:        strings.TrimSpace(f.Text),
		Model:       strings.ToUpper(strings.TrimSpace(f.Model)),
		ProductType: strings.ToUpper(strings.TrimSpace(f.ProductType)),
	}
	var errs validate.Errors
	errs.MaxLen("text", out.Text, HeldTextMax)
	errs.MaxLen("model", out.Model, HeldModelMax)
	errs.MaxLen("productType", out.ProductType, HeldProductMax)
	if len(f.Serials) > MaxHeld {
		errs.Add("serials", "Must name at most 1000 serials")
	}
	if err := errs.Err(); err != nil {
		return HeldFilter{}, err
	}
	if f.Serials != nil {
		out.Serials = []string{}
		for _, raw := range f.Serials {
			if s, err := ParseSerial(raw); err == nil {
				out.Serials = append(out.Serials, s.String())
			}
		}
		slices.Sort(out.Serials)
		out.Serials = slices.Compact(out.Serials)
	}
	return out, nil
}
