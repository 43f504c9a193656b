package compose

import (
	"context"
	"errors"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
)

// The parts service's orders declare the ports they need (parts.Payments, parts.VideoUnits,
// parts.PurchaseOrders, parts.Addresses); the adapters here connect them to the payments
// capability's checkout, the rma capability's holdings, the uploads and the geography module,
// and connect the checkout's Fulfiller back to the orders.

// PartsOrders is the parts service's orders on the catalogue store, the checkout, the holdings
// query (video units), the uploads (PO files) and the outbox.
func (c *capabilities) PartsOrders() (*parts.Orders, error) {
	checkout, err := c.Checkout()
	if err != nil {
		return nil, err
	}
	places, err := c.Places()
	if err != nil {
		return nil, err
	}
	holdings := c.Holdings()
	return parts.NewOrders(parts.OrdersDeps{
		Store: partsdb.NewStore(c.gdb), Payments: partsPayments{checkout: checkout}, PurchaseOrders: c.Attachments(),
		Addresses: addressRules{places}, VideoUnits: videoUnits{holdings: holdings}, Holdings: holdings,
		Mail: mail.NewOutbox(c.gdb), Tx: db.NewTransactor(c.gdb), Log: c.log,
		Settings: parts.OrderSettings{PublicURL: c.cfg.PublicURL, POReleaseDomains: c.cfg.POReleaseDomains, MaxTotal: c.cfg.PartsOrders.MaxTotal.Money},
	}), nil
}

// PartsOrderHistory is the orders as the GraphQL process lists them (partsOrderBatchConnection):
// the listing reads the store only, so that process needs no card providers and holds nothing
// that could place or pay an order.
func (c *capabilities) PartsOrderHistory() *parts.OrderHistory {
	return parts.NewOrderHistory(partsdb.NewStore(c.gdb))
}

// partsPayments gives the orders the checkout, by order id.
type partsPayments struct{ checkout *payments.Checkout }

func (p partsPayments) QuoteForOrder(ctx context.Context, q parts.OrderQuote) (string, error) {
	a, ct := q.Address, q.Contact
	quote, err := p.checkout.QuoteForOrder(ctx, payments.OrderQuote{
		Owner: q.Owner, Org: q.Org, OrderID: q.OrderID, Amount: q.Amount,
		Address: payments.QuoteAddress{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode},
		Contact: payments.QuoteContact{
			FirstName: ct.FirstName, LastName: ct.LastName, EmailAddress: ct.Email, PhoneNumber: ct.Phone,
			PhoneCountryCode: ct.PhoneCountryCode, CompanyName: ct.Company,
		},
	})
	return quote.ID, err
}

func (p partsPayments) AcceptPurchaseOrder(ctx context.Context, owner, orderID, customerPO string) error {
	q, err := p.checkout.QuoteOfOrder(ctx, owner, orderID)
	if err != nil {
		return err
	}
	_, err = p.checkout.AcceptPurchaseOrder(ctx, q, customerPO)
	return err
}

func (p partsPayments) StartPayPal(ctx context.Context, owner, orderID, returnURL, cancelURL string) (string, error) {
	q, err := p.checkout.QuoteOfOrder(ctx, owner, orderID)
	if err != nil {
		return "", err
	}
	return p.checkout.StartPayPal(ctx, q, returnURL, cancelURL)
}

func (p partsPayments) SettleOrder(ctx context.Context, owner, orderID, token string) error {
	_, err := p.checkout.SettleOrder(ctx, owner, orderID, token)
	return err
}

func (p partsPayments) CancelForOrder(ctx context.Context, owner, orderID string) error {
	err := p.checkout.CancelForOrder(ctx, owner, orderID)
	if errors.Is(err, payments.ErrAlreadyPaid) {
		return parts.ErrOrderPaid
	}
	return err
}

// videoUnits narrows the rma capability's holdings to the video units (VERETOS) a viewer holds.
type videoUnits struct{ holdings *rma.Holdings }

func (v videoUnits) HeldVideoUnits(ctx context.Context, viewer rma.Viewer, model string, serials []string) ([]parts.VideoUnit, error) {
	held, err := v.holdings.Held(ctx, viewer, rma.HeldFilter{Serials: serials, ProductType: rma.ProductTypeVeretos, Model: model})
	if err != nil {
		return nil, err
	}
	out := make([]parts.VideoUnit, 0, len(held))
	for _, h := range held {
		out = append(out, parts.VideoUnit{Serial: h.Unit.Serial, Model: h.Unit.Model, ModelFamily: h.Unit.ModelFamily})
	}
	return out, nil
}

// quoteFulfiller is the checkout's Fulfiller: a paid parts quote places its parts order, a paid
// batch quote turns its batch's unpaid rows PENDING (in the shared database: the batch process's
// worker creates their RMAs, whichever process took the webhook), any other quote goes to the
// rma capability (RMAFulfiller).
type quoteFulfiller struct {
	rmas payments.Fulfiller
	// orders is read when a parts quote is paid, after the checkout it needs is built.
	orders func() (*parts.Orders, error)
	// batches moves a batch on when its quote is paid.
	batches func() *batch.Service
}

func (f quoteFulfiller) QuotePaid(ctx context.Context, q payments.Quote) error {
	if q.Kind == payments.KindBatch {
		return f.batches().BatchPaid(ctx, q.BatchID, q.ID)
	}
	if q.Kind != payments.KindParts {
		return f.rmas.QuotePaid(ctx, q)
	}
	orders, err := f.orders()
	if err != nil {
		return err
	}
	return orders.QuotePaid(ctx, q.OrderID)
}
