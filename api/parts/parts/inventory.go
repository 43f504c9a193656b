package parts

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// SourceOrder is a unit held because the customer ordered parts for it (beside rma's
// registration and RMA sources).
const SourceOrder = "order"

// Limits of the inventory. An inventory is read whole from its sources (rma caps what it holds
// at rma.MaxHeld) and filtered and paged here; the order lines read per inventory and per unit
// are capped the same way, newest first.
const (
	MaxOrderedLines = 5000
	MaxUnitOrders   = 200
)

// Messages of the inventory's refusals.
const (
	MsgWarrantyState = "Must be one of IN_WARRANTY, OUT_OF_WARRANTY, END_OF_SERVICE"
	MsgPerPage       = "Must be between 1 and 100"
	MsgPositive      = "Must be a positive number"
)

// OrderedUnit is a unit a placed order's line was for: a video line's unit (one part each), or
// the serial a parts line was searched by (the line's quantity).
type OrderedUnit struct {
	Serial     string
	RMABatchID string
	CreatedAt  time.Time
	PartNumber string
	Quantity   int
}

// Holdings is the rma capability's holdings query (*rma.Holdings).
type Holdings interface {
	HeldUnits
	Unit(ctx context.Context, v visibility.Viewer, serial rma.Serial) (rma.HeldUnit, []rma.HistoryItem, error)
}

// OrderedSerials reads the units of the parts orders v (or v's organization) placed: orders
// paid or shipped, never one awaiting its payment or cancelled.
type OrderedSerials interface {
	// OrderedSerials lists up to limit order lines' units, newest first; of serial only when it
	// is not "".
	OrderedSerials(ctx context.Context, v visibility.Viewer, serial string, limit int) ([]OrderedUnit, error)
}

// InventoryUnit is one unit of a customer's inventory.
type InventoryUnit struct {
	Serial, Model, ModelFamily, ProductType string
	// WarrantyState is one of rma.WarrantyStates, as of today (UTC).
	WarrantyState string
	WarrantyEnd   *time.Time
	OpenRMA       *rma.OpenRMARef
	Registered    bool
	RegisteredAt  *time.Time
	// Sources are how the unit is held: registration, rma, order, in that order.
	Sources []string
}

// InventoryQuery narrows an inventory: Text in the serial, model or family (case-insensitive,
// anywhere, literal), Model exactly, Warranty one of rma.WarrantyStates, OpenRMA whether the
// unit has an open RMA the customer sees; nil or "" matches everything. Page from 1.
type InventoryQuery struct {
	Text, Model, Warranty string
	OpenRMA               *bool
	Page, ItemsPerPage    int
}

// InventoryPage is one page of an inventory, by serial.
type InventoryPage struct {
	Items        []InventoryUnit
	Total        int
	Page         int
	ItemsPerPage int
	// Models are the models of every unit held, whatever the filter: the model filter's choices.
	Models []string
}

// UnitProfile is one unit of an inventory with its RMAs the customer sees (newest first) and
// the parts ordered for it (newest first).
type UnitProfile struct {
	Unit   InventoryUnit
	RMAs   []rma.HistoryItem
	Orders []OrderedUnit
}

// Inventory is the service-managed inventory: the units a customer (and their organization)
// holds through registrations, RMAs and parts orders, with warranty and open RMA.
type Inventory struct {
	holdings Holdings
	orders   OrderedSerials
	units    Units
	now      func() time.Time
}

// NewInventory wires the inventory; orders may be nil (no order source), now nil (time.Now).
// units looks up the units of parts orders that no registration or RMA holds.
func NewInventory(holdings Holdings, orders OrderedSerials, units Units, now func() time.Time) *Inventory {
	if now == nil {
		now = time.Now
	}
	return &Inventory{holdings: holdings, orders: orders, units: units, now: now}
}

// List reads one page of v's inventory matching q, by serial.
func (s *Inventory) List(ctx context.Context, v visibility.Viewer, q InventoryQuery) (InventoryPage, error) {
	q, err := q.checked()
	if err != nil {
		return InventoryPage{}, err
	}
	held, err := s.held(ctx, v)
	if err != nil {
		return InventoryPage{}, err
	}
	all := q.filter(held)
	page := InventoryPage{Items: []InventoryUnit{}, Total: len(all), Page: q.Page, ItemsPerPage: q.ItemsPerPage, Models: []string{}}
	for _, u := range held {
		if u.Model != "" && !slices.Contains(page.Models, u.Model) {
			page.Models = append(page.Models, u.Model)
		}
	}
	slices.Sort(page.Models)
	if from := (q.Page - 1) * q.ItemsPerPage; from < len(all) {
		page.Items = all[from:min(from+q.ItemsPerPage, len(all))]
	}
	return page, nil
}

// All reads every unit of v's inventory matching q (its page ignored), by serial: the CSV.
func (s *Inventory) All(ctx context.Context, v visibility.Viewer, q InventoryQuery) ([]InventoryUnit, error) {
	q.Page, q.ItemsPerPage = 1, DefaultItemsPerPage
	q, err := q.checked()
	if err != nil {
		return nil, err
	}
	held, err := s.held(ctx, v)
	if err != nil {
		return nil, err
	}
	return q.filter(held), nil
}

// Profile reads one unit of v's inventory. A unit v does not hold answers rma.ErrUnitNotFound
// ('Serial Not Found'), exactly as an unknown serial does.
func (s *Inventory) Profile(ctx context.Context, v visibility.Viewer, serial rma.Serial) (UnitProfile, error) {
	if v.Subject == "" {
		return UnitProfile{}, rma.ErrUnitNotFound
	}
	held, rmas, err := s.holdings.Unit(ctx, v, serial)
	notHeld := errors.Is(err, rma.ErrUnitNotFound)
	if err != nil && !notHeld {
		return UnitProfile{}, err
	}
	orders, err := s.ordered(ctx, v, serial.String(), MaxUnitOrders)
	if err != nil {
		return UnitProfile{}, err
	}
	if notHeld {
		if len(orders) == 0 {
			return UnitProfile{}, rma.ErrUnitNotFound
		}
		held, err = s.orderedUnit(ctx, serial)
		if err != nil {
			return UnitProfile{}, err
		}
		rmas = nil
	}
	if len(orders) > 0 && !slices.Contains(held.Sources, SourceOrder) {
		held.Sources = append(slices.Clone(held.Sources), SourceOrder)
	}
	if rmas == nil {
		rmas = []rma.HistoryItem{}
	}
	return UnitProfile{Unit: s.toInventoryUnit(held), RMAs: rmas, Orders: orders}, nil
}

// held is every unit v holds, by serial.
func (s *Inventory) held(ctx context.Context, v visibility.Viewer) ([]InventoryUnit, error) {
	if v.Subject == "" {
		return []InventoryUnit{}, nil
	}
	held, err := s.holdings.Held(ctx, v, rma.HeldFilter{})
	if err != nil {
		return nil, err
	}
	orders, err := s.ordered(ctx, v, "", MaxOrderedLines)
	if err != nil {
		return nil, err
	}
	bySerial := make(map[string]int, len(held))
	for i, h := range held {
		bySerial[h.Unit.Serial] = i
	}
	for _, o := range orders {
		if i, ok := bySerial[o.Serial]; ok {
			if i >= 0 && !slices.Contains(held[i].Sources, SourceOrder) {
				held[i].Sources = append(slices.Clone(held[i].Sources), SourceOrder)
			}
			continue
		}
		if len(held) >= rma.MaxHeld {
			// The inventory holds as many units as rma answers at most; the rest stay out.
			break
		}
		unit, err := s.orderedLineUnit(ctx, o.Serial)
		if errors.Is(err, rma.ErrUnitNotFound) {
			// A serial the registry does not know (any more) is no unit.
			bySerial[o.Serial] = -1
			continue
		}
		if err != nil {
			return nil, err
		}
		bySerial[o.Serial] = len(held)
		held = append(held, unit)
	}
	out := make([]InventoryUnit, 0, len(held))
	for _, h := range held {
		out = append(out, s.toInventoryUnit(h))
	}
	slices.SortFunc(out, func(a, b InventoryUnit) int { return cmp.Compare(a.Serial, b.Serial) })
	return out, nil
}

// filter keeps the units q matches, in their order.
func (q InventoryQuery) filter(units []InventoryUnit) []InventoryUnit {
	out := []InventoryUnit{}
	for _, u := range units {
		if q.matches(u) {
			out = append(out, u)
		}
	}
	return out
}

// ordered reads the order lines' units, none when the service has no order source.
func (s *Inventory) ordered(ctx context.Context, v visibility.Viewer, serial string, limit int) ([]OrderedUnit, error) {
	if s.orders == nil {
		return []OrderedUnit{}, nil
	}
	out, err := s.orders.OrderedSerials(ctx, v, serial, limit)
	if out == nil {
		out = []OrderedUnit{}
	}
	return out, err
}

// orderedUnit is a unit held only through parts orders, from the registry.
func (s *Inventory) orderedUnit(ctx context.Context, serial rma.Serial) (rma.HeldUnit, error) {
	ver, err := s.units.VerifySerial(ctx, serial)
	if err != nil {
		return rma.HeldUnit{}, err
	}
	return rma.HeldUnit{Unit: ver.Unit, Sources: []string{SourceOrder}}, nil
}

// orderedLineUnit is orderedUnit for a serial as an order line keeps it: one that is no serial
// names no unit either (rma.ErrUnitNotFound).
func (s *Inventory) orderedLineUnit(ctx context.Context, raw string) (rma.HeldUnit, error) {
	serial, err := rma.ParseSerial(raw)
	if err != nil {
		return rma.HeldUnit{}, rma.ErrUnitNotFound
	}
	return s.orderedUnit(ctx, serial)
}

func (s *Inventory) toInventoryUnit(h rma.HeldUnit) InventoryUnit {
	u := h.Unit
	sources := h.Sources
	if sources == nil {
		sources = []string{}
	}
	return InventoryUnit{
		Serial: u.Serial, Model: u.Model, ModelFamily: u.ModelFamily, ProductType: u.ProductType,
		WarrantyState: u.WarrantyState(s.now()), WarrantyEnd: u.WarrantyEnd, OpenRMA: h.OpenRMA,
		Registered: h.Registered, RegisteredAt: h.RegisteredAt, Sources: sources,
	}
}

// checked refuses a query beyond its limits and normalizes it.
func (q InventoryQuery) checked() (InventoryQuery, error) {
	q.Text = strings.TrimSpace(q.Text)
	q.Model = strings.ToUpper(strings.TrimSpace(q.Model))
	q.Warranty = strings.ToUpper(strings.TrimSpace(q.Warranty))
	var errs validate.Errors
	errs.MaxLen("q", q.Text, QueryMaxLength)
	errs.MaxLen("model", q.Model, ModelMaxLength)
	if q.Warranty != "" && !slices.Contains(rma.WarrantyStates, q.Warranty) {
		errs.Add("warranty", MsgWarrantyState)
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.ItemsPerPage == 0 {
		q.ItemsPerPage = DefaultItemsPerPage
	}
	if q.Page < 1 || q.Page > rma.MaxHeld {
		// No inventory has more pages than units.
		errs.Add("page", "Must be between 1 and 1000")
	}
	if q.ItemsPerPage < 1 || q.ItemsPerPage > MaxItemsPerPage {
		errs.Add("itemsPerPage", MsgPerPage)
	}
	return q, errs.Err()
}

// matches reports whether u is what q asks for.
func (q InventoryQuery) matches(u InventoryUnit) bool {
	if q.Model != "" && !strings.EqualFold(u.Model, q.Model) {
		return false
	}
	if q.Warranty != "" && u.WarrantyState != q.Warranty {
		return false
	}
	if q.OpenRMA != nil && (u.OpenRMA != nil) != *q.OpenRMA {
		return false
	}
	if q.Text != "" {
		text := strings.ToLower(q.Text)
		if !strings.Contains(strings.ToLower(u.Serial), text) && !strings.Contains(strings.ToLower(u.Model), text) &&
			!strings.Contains(strings.ToLower(u.ModelFamily), text) {
			return false
		}
	}
	return true
}
