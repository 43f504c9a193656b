package shipping

import "context"

// Packaging is how the customer hands the unit over (spec §2 Packaging step).
type Packaging string

const (
	// PackagingLabel: the customer has a box and prints the label.
	PackagingLabel Packaging = "label"
	// PackagingQR: the customer shows a QR code at a retail drop-off office; no printer needed.
	PackagingQR Packaging = "qr"
)

// Valid reports whether p is a packaging the shipping capability issues documents for.
func (p Packaging) Valid() bool { return p == PackagingLabel || p == PackagingQR }

// Shipment is what a carrier needs to book one parcel: a customer's unit to the depot, or the
// depot's parcel back to the customer (Direction ToCustomer: From is the depot's address, To the
// customer's, Contact the depot).
type Shipment struct {
	Direction Direction
	From      Address
	Contact   Contact
	To        Depot
	Packaging Packaging
	// RMANumber is the RMA the parcel returns; "" for a batch's box.
	RMANumber string
	// BatchID, Box and Boxes name a batch's box (box Box of Boxes of batch BatchID, the label's
	// reference); empty and 0 for one RMA's parcel. A carrier that takes an idempotency key per
	// parcel derives it from RMANumber, or from BatchID and Box.
	BatchID string
	Box     int
	Boxes   int
	// Description says what the parcel holds, for the carrier's manifest.
	Description string
}

// Booking is a carrier's answer: who carries the parcel and under which tracking number.
type Booking struct {
	Carrier        string
	TrackingNumber string
}

// Carrier books shipments. The built-in implementation is freightcarrier; a production carrier
// (UPS, FedEx, …) implements the same interface against its API. A carrier rejects an address it
// cannot ship from with ErrShipperAddress.
type Carrier interface {
	CreateShipment(ctx context.Context, s Shipment) (Booking, error)
	// CheckShipFrom asks whether the carrier can pick up from a; callers check before they
	// commit to a shipment, so a customer can correct the address first.
	CheckShipFrom(ctx context.Context, a Address) error
}
