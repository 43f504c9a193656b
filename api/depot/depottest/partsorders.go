package depottest

import (
	"context"
	"sync"
	"time"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/fault"
)

// The parts service's refusals of a shipment, by the ids and messages the parts service answers
// (the depot imports no other service, so its fake repeats them).
var (
	ErrPartsOrderNotPaid = fault.New(fault.KindConflict, "parts.notPaid",
		"This order is not paid yet: it ships once its payment is captured.")
	ErrPartsOrderShipped = fault.New(fault.KindConflict, "parts.shippedAlready", "This order was shipped already.")
	ErrPartsOrderUnknown = fault.New(fault.KindNotFound, "parts.orderNotFound", "Order not found")
)

// PartsOrders is an in-memory depot.PartsOrders: Paid are the orders that may ship, each once,
// Awaiting those awaiting their payment; every other number is unknown.
type PartsOrders struct {
	mu       sync.Mutex
	Paid     map[string]bool
	Awaiting map[string]bool
	Shipped  map[string]depot.PartsOrderShipment
	// Waiting is what AwaitingShipment lists, oldest first.
	Waiting []depot.AwaitingPartsOrder
	// At is the shipment time it answers.
	At time.Time
}

// NewPartsOrders holds the paid orders given.
func NewPartsOrders(paid ...string) *PartsOrders {
	p := &PartsOrders{Paid: map[string]bool{}, Awaiting: map[string]bool{}, Shipped: map[string]depot.PartsOrderShipment{},
		At: time.Date(2026, 3, 4, 15, 30, 0, 0, time.UTC)}
	for _, n := range paid {
		p.Paid[n] = true
	}
	return p
}

func (p *PartsOrders) ShipPartsOrder(_ context.Context, _ string, s depot.PartsOrderShipment) (depot.ShippedPartsOrder, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fields := map[string]string{}
	for name, v := range map[string]string{"carrier": s.Carrier, "trackingNumber": s.TrackingNumber} {
		if v == "" {
			fields[name] = "Required"
		}
	}
	if len(fields) > 0 {
		return depot.ShippedPartsOrder{}, fault.Validation(fields)
	}
	switch {
	case p.Awaiting[s.Number]:
		return depot.ShippedPartsOrder{}, ErrPartsOrderNotPaid
	case !p.Paid[s.Number]:
		return depot.ShippedPartsOrder{}, ErrPartsOrderUnknown
	}
	if _, ok := p.Shipped[s.Number]; ok {
		return depot.ShippedPartsOrder{}, ErrPartsOrderShipped
	}
	p.Shipped[s.Number] = s
	return depot.ShippedPartsOrder{Number: s.Number, Status: "SHIPPED", Carrier: s.Carrier, TrackingNumber: s.TrackingNumber, ShippedAt: p.At}, nil
}

// AwaitingShipment answers Waiting (kept oldest first by the test) after the key, without the
// orders shipped meanwhile.
func (p *PartsOrders) AwaitingShipment(_ context.Context, after *depot.PartsOrderKey, limit int) ([]depot.AwaitingPartsOrder, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []depot.AwaitingPartsOrder
	for _, o := range p.Waiting {
		if _, shipped := p.Shipped[o.Number]; shipped || len(out) == limit {
			continue
		}
		if after == nil || o.CreatedAt.After(after.CreatedAt) || (o.CreatedAt.Equal(after.CreatedAt) && o.Number > after.Number) {
			out = append(out, o)
		}
	}
	return out, nil
}
