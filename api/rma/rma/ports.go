package rma

import "context"

// RMAStore is what creating RMAs needs from persistence. Every method joins the transaction
// its ctx carries.
type RMAStore interface {
	// UnitForUpdate reads the unit bypassing caches.
	UnitBySerial(ctx context.Context, serial string) (Unit, error)
	NextRMANumber(ctx context.Context) (string, error)
	// CreateRMA stores the RMA, its lines and the idempotency key; ErrDuplicateRequest when the
	// owner's key was used already.
	CreateRMA(ctx context.Context, r RMA, idempotencyKey string) error
	// OpenUnitRMA marks the unit as having an open RMA; ErrNotValidForNewRMA when another RMA
	// got there first.
	OpenUnitRMA(ctx context.Context, serial, number string, allowExisting bool) error
	RMAByIdempotencyKey(ctx context.Context, owner, key string) (RMA, error)
	// RMAByNumber returns an owner's RMA; another owner's number answers ErrRMANotFound.
	RMAByNumber(ctx context.Context, owner, number string) (RMA, error)
	// SetStatus moves the owner's RMA from status from to status to, if it is still in from,
	// and reports whether it did: of two concurrent callers exactly one gets true.
	SetStatus(ctx context.Context, owner, number string, from, to Status) (bool, error)
	// CloseUnitRMA clears the unit's open RMA if it is number.
	CloseUnitRMA(ctx context.Context, serial, number string) error
	// SetShipping records an RMA's documents, or its shipping error when labelID is "", only if
	// the RMA has no label yet, and reports whether it did: false means the LabelRetrier
	// recorded one first, which is kept.
	SetShipping(ctx context.Context, number string, labelID, invoiceID, tracking, shippingError string) (bool, error)
	AddEvent(ctx context.Context, e Event) error
	RepairOptions(ctx context.Context, model, rmaType string) ([]FaultOptions, error)
	UnpaidStore
}

// AddressRules are the address rules of spec §5 that need geography.
type AddressRules interface {
	AddressValidator
	// IsMilitaryAddress reports a US address in AA, AE or AP (APO/FPO/DPO).
	IsMilitaryAddress(a Address) bool
}

// AttachmentClaimer ties the owner's uploads to an RMA inside the caller's transaction.
type AttachmentClaimer interface {
	Claim(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) error
}

// ShipmentRequest asks for the documents of one inbound shipment.
type ShipmentRequest struct {
	Owner     string
	RMANumber string
	Method    ShippingMethod
	From      Address
	Contact   Contact
	Unit      Unit
}

// ShipmentDocuments identify the label and, across a border, the commercial invoice.
type ShipmentDocuments struct {
	LabelID, InvoiceID, TrackingNumber string
}

// DocumentIssuer books the shipment and renders its documents.
type DocumentIssuer interface {
	// CheckShipFrom asks the carrier whether it can pick up from a, before the RMA exists, so
	// the customer can correct the address (the error's message mentions the shipper).
	CheckShipFrom(ctx context.Context, a Address) error
	IssueDocuments(ctx context.Context, req ShipmentRequest) (ShipmentDocuments, error)
}

// Mailer queues an e-mail inside the caller's transaction.
type Mailer interface {
	Enqueue(ctx context.Context, to, subject, text string) error
}

// Sealer encrypts the device credentials a customer gives, before they are stored.
type Sealer interface {
	Seal(plain string) (string, error)
}

// Unfreezer drops cached copies of a unit after its row changed.
type Unfreezer interface {
	ForgetUnit(ctx context.Context, serial string) error
}

// CreationCounter is told of each RMA once its create transaction has committed (metrics).
type CreationCounter interface {
	RMACreated(rmaType string)
}

// AddressValidator checks a shipping address with the rules of spec §5 (the geography module's).
type AddressValidator interface {
	// ValidateAddress returns a validation fault keyed by field name (line1, state, …).
	ValidateAddress(a Address) error
}
