package depot

import (
	"context"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// ActionShipPartsOrder is the audit's name of a parts order sent to its customer. Its audit row
// names the order (PB-…) in OrderNumber, and no RMA.
const ActionShipPartsOrder Action = "partsOrder.ship"

// The parts order's statuses the audit records for a shipment (the parts service's own).
const (
	partsOrderPlaced  rma.Status = "PLACED"
	partsOrderShipped rma.Status = "SHIPPED"
)

// PartsOrderShipment is staff sending a paid parts order: the order's number and how it went.
type PartsOrderShipment struct {
	Number         string
	Carrier        string
	TrackingNumber string
}

// ShippedPartsOrder is a parts order as shipped.
type ShippedPartsOrder struct {
	Number         string
	Status         string
	Carrier        string
	TrackingNumber string
	ShippedAt      time.Time
}

// PartsOrders ships the parts service's orders; the composition root adapts the parts
// service's shipper to it (the depot imports no other service). ShipPartsOrder joins the
// transaction ctx carries, validates the fields, refuses an order that is not paid or was
// shipped already with the parts service's faults, and e-mails the customer.
type PartsOrders interface {
	ShipPartsOrder(ctx context.Context, actor string, s PartsOrderShipment) (ShippedPartsOrder, error)
	// AwaitingShipment lists up to limit paid orders of every customer, oldest first by
	// (CreatedAt, Number), after the key when given.
	AwaitingShipment(ctx context.Context, after *PartsOrderKey, limit int) ([]AwaitingPartsOrder, error)
}

// ShipPartsOrder moves a paid parts order to SHIPPED with its carrier and tracking number: the
// move, the customer's e-mail and the audit row in one transaction, so a refused or failed
// shipment leaves no audit and an audit failure ships nothing.
func (s *Service) ShipPartsOrder(ctx context.Context, who Staff, req PartsOrderShipment) (ShippedPartsOrder, error) {
	req.Number = strings.ToUpper(strings.TrimSpace(req.Number))
	var shipped ShippedPartsOrder
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if shipped, err = s.PartsOrders.ShipPartsOrder(ctx, who.Subject, req); err != nil {
			return err
		}
		return s.Store.AddAudit(ctx, AuditEntry{
			At: s.Now().UTC(), Actor: who.Subject, ActorEmail: who.Email, Action: ActionShipPartsOrder, OrderNumber: shipped.Number,
			From: partsOrderPlaced, To: partsOrderShipped,
			Detail: truncate(shipped.Carrier+", tracking "+shipped.TrackingNumber, DetailMax),
		})
	})
	return shipped, err
}

// partsOrdersOrder is the cursor of the parts orders awaiting shipment: oldest first.
var partsOrdersOrder = keyset.Order{Version: "p1", Field: "createdAt"}

// PartsOrderKey is an order's place in the oldest-first list.
type PartsOrderKey struct {
	CreatedAt time.Time
	Number    string
}

// PartsOrderLine is what a line asks the depot to pack.
type PartsOrderLine struct {
	PartNumber, Description string
	Quantity                int
}

// AwaitingPartsOrder is a paid parts order waiting to ship, as staff pack it.
type AwaitingPartsOrder struct {
	Number, Kind      string
	Customer, Company string
	CreatedAt         time.Time
	Total             money.Money
	// ShipTo is the address's city, state and country, for the packing bench.
	ShipTo string
	Lines  []PartsOrderLine
}

// PartsOrdersPage is one page of the orders awaiting shipment and the cursor of the next.
type PartsOrdersPage struct {
	Orders []AwaitingPartsOrder
	Next   string
}

// PartsOrdersAwaiting lists every customer's paid parts orders waiting to ship, oldest first, a
// keyset page at a time: for technicians and leads.
func (s *Service) PartsOrdersAwaiting(ctx context.Context, r keyset.Request) (PartsOrdersPage, error) {
	page, err := readForward(r)
	if err != nil {
		return PartsOrdersPage{}, err
	}
	var after *PartsOrderKey
	if page.Cursor != "" {
		vals, err := partsOrdersOrder.Decode(page.Cursor, 2)
		if err != nil {
			return PartsOrdersPage{}, Refusals.Of(err)
		}
		at, err := time.Parse(time.RFC3339Nano, vals[0])
		if err != nil {
			return PartsOrdersPage{}, Refusals.BadCursor
		}
		after = &PartsOrderKey{CreatedAt: at, Number: vals[1]}
	}
	orders, err := s.PartsOrders.AwaitingShipment(ctx, after, page.Size+1)
	if err != nil {
		return PartsOrdersPage{}, err
	}
	out := PartsOrdersPage{Orders: orders}
	if len(orders) > page.Size {
		out.Orders = orders[:page.Size]
		last := out.Orders[page.Size-1]
		out.Next = partsOrdersOrder.Encode(last.CreatedAt.UTC().Format(time.RFC3339Nano), last.Number)
	}
	return out, nil
}
