package parts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/validate"
)

// Limits of a shipment's fields (the columns of parts_order_shipments).
const (
	CarrierMax  = 50
	TrackingMax = 60
)

// MsgBadTracking refuses a tracking number with spaces inside or control characters: carriers'
// numbers are one word, and the e-mail and the page show it as it is.
const MsgBadTracking = "Enter the tracking number without spaces"

var (
	// ErrNotShippable refuses shipping an order that is not paid (awaiting its payment).
	ErrNotShippable = fault.New(fault.KindConflict, "parts.notPaid",
		"This order is not paid yet: it ships once its payment is captured.")
	// ErrShippedAlready refuses a second shipment of an order (a concurrent double scan too).
	ErrShippedAlready = fault.New(fault.KindConflict, "parts.shippedAlready",
		"This order was shipped already.")
	// ErrShipCancelled refuses shipping a cancelled order.
	ErrShipCancelled = fault.New(fault.KindConflict, "parts.orderCancelled",
		"This order was cancelled: there is nothing to ship.")
)

// Shipment is how and when an order left the depot, and who sent it.
type Shipment struct {
	Carrier        string
	TrackingNumber string
	ShippedAt      time.Time
	// ShippedBy is the staff member's subject.
	ShippedBy string
}

// ShipRequest is staff moving a paid order to SHIPPED.
type ShipRequest struct {
	ID             string
	Carrier        string
	TrackingNumber string
	// Actor is the staff member's subject (from the verified token).
	Actor string
}

func (r *ShipRequest) trim() {
	r.ID = strings.ToUpper(strings.TrimSpace(r.ID))
	r.Carrier = strings.TrimSpace(r.Carrier)
	r.TrackingNumber = strings.TrimSpace(r.TrackingNumber)
}

func (r ShipRequest) validate() error {
	var v validate.Errors
	v.Required("carrier", r.Carrier)
	v.MaxLen("carrier", r.Carrier, CarrierMax)
	if strings.ContainsFunc(r.Carrier, unicode.IsControl) {
		v.Add("carrier", "Enter the carrier's name")
	}
	v.Required("trackingNumber", r.TrackingNumber)
	v.MaxLen("trackingNumber", r.TrackingNumber, TrackingMax)
	if strings.ContainsFunc(r.TrackingNumber, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsControl(c) }) {
		v.Add("trackingNumber", MsgBadTracking)
	}
	return v.Err()
}

// ShipStore is what shipping needs of the orders' store; partsdb implements it. Every method
// joins the transaction ctx carries.
type ShipStore interface {
	// Order returns the order id, whoever owns it; ErrOrderNotFound when there is none.
	Order(ctx context.Context, id string) (Order, error)
	// ShipOrder moves order id from PLACED to SHIPPED with its shipment in one conditional
	// write; ErrOrderChanged when it was not PLACED (or does not exist).
	ShipOrder(ctx context.Context, id string, sh Shipment) error
	// AwaitingShipment lists up to limit paid (PLACED) orders of every customer, oldest first
	// by (CreatedAt, ID), after the key when given.
	AwaitingShipment(ctx context.Context, after *ShipKey, limit int) ([]Order, error)
}

// ShipKey is an order's place in the oldest-first listing of orders awaiting shipment.
type ShipKey struct {
	CreatedAt time.Time
	ID        string
}

// MaxAwaitingPage is the most orders one read of the orders awaiting shipment answers.
const MaxAwaitingPage = 101

// AwaitingShipment lists the paid orders of every customer that wait to ship, oldest first:
// for depot staff (the caller is authorized by the depot's routes). limit is capped at
// MaxAwaitingPage (the depot reads one more than its page to know whether another follows).
func (s *Shipper) AwaitingShipment(ctx context.Context, after *ShipKey, limit int) ([]Order, error) {
	if limit <= 0 || limit > MaxAwaitingPage {
		limit = MaxAwaitingPage
	}
	return s.Store.AwaitingShipment(ctx, after, limit)
}

// Shipper ships paid orders for the depot's staff (through the composition root). It holds the
// store and the outbox only, so a depot process needs nothing that could place or pay an order.
type Shipper struct {
	Store ShipStore
	Mail  Mailer
	// Tx runs the shipment in one transaction, joining the caller's when ctx carries one.
	Tx  db.Transactor
	Log *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Ship moves a paid order (PLACED) to SHIPPED with its carrier and tracking number, and queues
// the customer's e-mail with the tracking, in one transaction: the one ctx carries when the
// caller has one (the depot's audit row joins it). The move is one conditional write, so of
// two concurrent shipments of one order one moves it and the other answers ErrShippedAlready.
// Staff call it for any customer's order: the caller is authorized by the depot's routes.
// It answers the order as shipped (it left PLACED).
func (s *Shipper) Ship(ctx context.Context, req ShipRequest) (Order, error) {
	req.trim()
	if !ValidBatchID(req.ID) {
		return Order{}, ErrOrderNotFound
	}
	if err := req.validate(); err != nil {
		return Order{}, err
	}
	var shipped Order
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		// The conditional write comes first: it takes SQLite's write lock before any read, so a
		// concurrent second shipment waits for the first and then finds the order moved, rather
		// than failing on a stale snapshot.
		sh := Shipment{Carrier: req.Carrier, TrackingNumber: req.TrackingNumber, ShippedAt: s.now(), ShippedBy: req.Actor}
		err := s.Store.ShipOrder(ctx, req.ID, sh)
		if errors.Is(err, ErrOrderChanged) {
			o, err := s.Store.Order(ctx, req.ID)
			if err != nil {
				return err
			}
			return notShippable(o.Status)
		}
		if err != nil {
			return err
		}
		if shipped, err = s.Store.Order(ctx, req.ID); err != nil {
			return err
		}
		to := strings.TrimSpace(shipped.Contact.Email)
		if to == "" {
			s.log().WarnContext(ctx, "parts order has no e-mail address for its shipment", "order", shipped.ID)
			return nil
		}
		return s.Mail.Enqueue(ctx, shippedMail(shipped, to))
	})
	if err != nil {
		return Order{}, err
	}
	s.log().InfoContext(ctx, "parts order shipped", "order", shipped.ID, "carrier", req.Carrier)
	return shipped, nil
}

func (s *Shipper) now() time.Time {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	return now().UTC().Truncate(time.Microsecond)
}

func (s *Shipper) log() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Log
}

// notShippable says why an order that is not PLACED does not ship.
func notShippable(st OrderStatus) error {
	switch st {
	case StatusShipped:
		return ErrShippedAlready
	case StatusCancelled:
		return ErrShipCancelled
	default:
		return ErrNotShippable
	}
}

func shippedMail(o Order, to string) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(o.Contact.FirstName))
	fmt.Fprintf(&b, "your parts order %s is on its way. It left our depot with %s, tracking number %s.\n\n",
		o.ID, o.Shipment.Carrier, o.Shipment.TrackingNumber)
	for _, l := range o.Lines {
		fmt.Fprintf(&b, "  %d x %s  %s\n", l.Quantity, l.PartNumber, l.Description)
	}
	a := o.Address
	fmt.Fprintf(&b, "\nShipping to:\n%s %s\n%s\n", o.Contact.FirstName, o.Contact.LastName, a.Line1)
	if a.Line2 != "" {
		fmt.Fprintf(&b, "%s\n", a.Line2)
	}
	fmt.Fprintf(&b, "%s, %s %s, %s\n\nYou can follow the order under Your account, Parts orders.\n", a.City, a.State, a.PostalCode, a.Country)
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return mail.Message{To: []string{to}, Subject: "Your parts order " + o.ID + " has shipped", Text: b.String()}
}
