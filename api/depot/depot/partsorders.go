package depot

import (
	"context"
	"strings"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// ActionShipPartsOrder is the audit's name of a parts order sent to its customer. Its audit row
// names the order (PB-…) where an RMA's row names the RMA.
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
			At: s.Now().UTC(), Actor: who.Subject, ActorEmail: who.Email, Action: ActionShipPartsOrder, RMANumber: shipped.Number,
			From: partsOrderPlaced, To: partsOrderShipped,
			Detail: truncate(shipped.Carrier+", tracking "+shipped.TrackingNumber, DetailMax),
		})
	})
	return shipped, err
}
