package parts

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// OrderKind is what an order buys: parts from the catalogue, or parts for video units (body-worn
// cameras), whose every line names the units it is for.
type OrderKind string

const (
	KindParts OrderKind = "parts"
	KindVideo OrderKind = "video"
)

// OrderStatus is where an order is in its life.
type OrderStatus string

const (
	// StatusAwaitingPayment is a card order whose PayPal payment is not captured yet.
	StatusAwaitingPayment OrderStatus = "AWAITING_PAYMENT"
	// StatusPlaced is a paid order (PayPal captured, or a purchase order accepted).
	StatusPlaced OrderStatus = "PLACED"
	// StatusShipped is an order the warehouse sent.
	StatusShipped OrderStatus = "SHIPPED"
	// StatusCancelled is a card order given up before it was paid.
	StatusCancelled OrderStatus = "CANCELLED"
)

// OrderStatuses are the statuses an order takes, for filters.
var OrderStatuses = []OrderStatus{StatusAwaitingPayment, StatusPlaced, StatusShipped, StatusCancelled}

// PaymentMethod is how an order is paid (the checkout's paymentData.paymentMethod).
type PaymentMethod string

const (
	MethodPayPal PaymentMethod = "PayPal"
	MethodPO     PaymentMethod = "PO"
)

// Limits of an order.
const (
	// MaxLines is the most lines one pricing or order carries.
	MaxLines = 100
	// MaxQuantity is the largest quantity of one line.
	MaxQuantity = 999
	// SerialMax is the longest serial a line names.
	SerialMax = 50
	// OrderedByNameMax is the most characters of who ordered kept with the order (the column's
	// width): the token's display name falls back to an e-mail, which may be longer.
	OrderedByNameMax = 100
)

// The refusal codes of a line (pricing problems) and their messages, as the browser shows them.
const (
	CodeUnknownPart  = "parts.unknownPart"
	CodeDiscontinued = "parts.discontinued"
	CodeBadQuantity  = "parts.badQuantity"
	CodeWrongModel   = "parts.wrongModel"
	CodeVideoOnly    = "parts.videoOnly"

	MsgBadQuantity     = "Quantity must be a whole number from 1 to 999."
	MsgSerialsRequired = "Add at least one serial for this part."
	MsgModelRequired   = "Choose the model this part is for."
	MsgQuantitySerials = "Quantity must equal the number of serials."
	// MsgSerialsVideoOnly refuses serials on a parts order's line: only a video line names the
	// units it is for, and only those are checked against what the customer holds.
	MsgSerialsVideoOnly = "Serials are given only for video parts."
)

// MsgUnknownPart and the others are the messages of a line's problem.
func MsgUnknownPart(pn string) string  { return fmt.Sprintf("Part %s was not found.", pn) }
func MsgDiscontinued(pn string) string { return fmt.Sprintf("Part %s is no longer sold.", pn) }
func MsgWrongModel(pn, model string) string {
	return fmt.Sprintf("Part %s does not fit the %s.", pn, model)
}

// MsgVideoOnly refuses a body-worn camera's part on an ordinary parts order: it is ordered
// through the video order, which checks the units it is for.
func MsgVideoOnly(pn string) string {
	return fmt.Sprintf("Part %s is a body-worn camera part: order it through Order video parts.", pn)
}

// MsgNotYourVideoUnit refuses a video line's serial the customer does not hold.
func MsgNotYourVideoUnit(serial string) string {
	return fmt.Sprintf("Serial %s is not one of your video units.", serial)
}

var (
	// ErrCannotOrder is a caller without service:partorder:create.
	ErrCannotOrder = fault.New(fault.KindForbidden, "parts.cannotOrder",
		"Your account cannot order parts. Please contact support to enable parts ordering.")
	// ErrCannotReadVideoSerials is a caller without service:video:serial:read.
	ErrCannotReadVideoSerials = fault.New(fault.KindForbidden, "parts.cannotReadVideoSerials",
		"Your account cannot look up video unit serials.")
	// ErrOrderNotFound is an unknown order or one the caller may not see: both answer alike.
	ErrOrderNotFound = fault.New(fault.KindNotFound, "parts.orderNotFound", "Order not found")
	// ErrTooManyLines is a pricing or order of more than MaxLines lines.
	ErrTooManyLines = fault.New(fault.KindInvalid, "parts.tooManyLines", "An order has at most 100 lines.")
	// ErrUnknownKind is a pricing for an order that is neither parts nor video.
	ErrUnknownKind = fault.Validation(map[string]string{FieldKind: "Must be parts or video"})
	// ErrNoLines is an order without lines.
	ErrNoLines = fault.Validation(map[string]string{"lines": "Add at least one part to the order."})
	// ErrNotCancellable is an order that is no longer awaiting its payment.
	ErrNotCancellable = fault.New(fault.KindConflict, "parts.notCancellable",
		"This order is paid or cancelled and can no longer be cancelled.")
	// ErrOrderCancelled is a payment of a cancelled order.
	ErrOrderCancelled = fault.New(fault.KindConflict, "parts.orderCancelled",
		"This order was cancelled. Please order the parts again.")
	// ErrOrderChanged is a status change that lost a race with another one.
	ErrOrderChanged = fault.New(fault.KindConflict, "parts.orderChanged", "This order was changed meanwhile. Please reload it.")
	// ErrDuplicateOrder is an idempotency key the owner used before: the store refuses the second
	// order, and the caller answers with the first.
	ErrDuplicateOrder = fault.New(fault.KindConflict, "parts.duplicateOrder", "This order was placed already.")
	// ErrOrderPaid is what Payments.CancelForOrder answers for an order paid meanwhile.
	ErrOrderPaid = fault.New(fault.KindConflict, "parts.orderPaid", "This order is paid already.")
)

var (
	batchIDPattern = regexp.MustCompile(`^PB-[0-9]{6}$`)
)

// ValidBatchID reports whether s has the shape of an order's rmaBatchId: PB- and six digits.
func ValidBatchID(s string) bool { return batchIDPattern.MatchString(s) }

// LineRequest is one line as the browser sends it; only the part number, quantity, model and
// serials count: prices and descriptions always come from the catalogue.
type LineRequest struct {
	PartNumber string
	// Quantity is as sent; the JSON layer turns anything that is not a whole number into 0, which
	// the rules refuse like any other quantity outside 1..999.
	Quantity int
	Model    string
	Serials  []string
	// SearchSerial is the serial the customer searched the catalogue by, when they did.
	SearchSerial string
}

// PricedLine is a line the catalogue priced.
type PricedLine struct {
	PartNumber   string
	Description  string
	Quantity     int
	UnitPrice    money.Money
	LineTotal    money.Money
	Availability string
	ImagePath    string
	HighValue    bool
	Model        string
	Serials      []string
	SearchSerial string
}

// Problem is a line the catalogue refuses; the line stays out of the total.
type Problem struct {
	Index      int
	PartNumber string
	Code       string
	Message    string
}

// Priced is a pricing: every line as the catalogue prices it, the total of the lines without a
// problem, and the problems.
type Priced struct {
	Lines    []PricedLine
	Total    money.Money
	Problems []Problem
}

// OrderLine is one line of an order, priced when it was ordered.
type OrderLine struct {
	PartNumber  string
	Description string
	Quantity    int
	UnitPrice   money.Money
	LineTotal   money.Money
	Model       string
	Serials     []string
	// SearchSerial is the serial the customer searched by, "" when they did not.
	SearchSerial string
}

// Order is a batch of parts one customer ordered and pays for at once.
type Order struct {
	// ID is the rmaBatchId: PB- and six digits.
	ID    string
	Kind  OrderKind
	Owner string
	// Org is the organization the order was placed under ("" for none): its members see it.
	Org string
	// OrderedByName is who placed it, as the organization sees it (from the token).
	OrderedByName string
	Status        OrderStatus
	Contact       rma.Contact
	Address       rma.Address
	PaymentMethod PaymentMethod
	CustomerPO    string
	Total         money.Money
	// QuoteID is the payments quote the order is paid through.
	QuoteID   string
	Lines     []OrderLine
	CreatedAt time.Time
	UpdatedAt time.Time
	// Shipment is how the order was sent; nil until it is SHIPPED.
	Shipment *Shipment
}

// ItemCount is the number of parts the order holds, every line's quantity added.
func (o Order) ItemCount() int {
	n := 0
	for _, l := range o.Lines {
		n += l.Quantity
	}
	return n
}

// VisibleTo reports whether v may read the order: its owner, or a member of its organization.
func (o Order) VisibleTo(v visibility.Viewer) bool { return v.Sees(o.Owner, o.Org) }

// OrderStore keeps orders; partsdb implements it. Every method joins the transaction ctx carries.
type OrderStore interface {
	// NextBatchID hands out the next rmaBatchId.
	NextBatchID(ctx context.Context) (string, error)
	// CreateOrder stores o with its lines, and owner's idempotency key when given
	// (ErrDuplicateOrder when the owner used it before).
	CreateOrder(ctx context.Context, o Order, idempotencyKey string) error
	// Order returns the order id, whoever owns it; ErrOrderNotFound when there is none.
	Order(ctx context.Context, id string) (Order, error)
	// OrderForKey returns the order owner's idempotency key placed.
	OrderForKey(ctx context.Context, owner, key string) (Order, bool, error)
	// SetOrderStatus moves order id from status from to to in one conditional write;
	// ErrOrderChanged when it was not in from.
	SetOrderStatus(ctx context.Context, id string, from, to OrderStatus, at time.Time) error
	// Parts returns the catalogue's parts of the numbers given, by number; unknown ones are left out.
	Parts(ctx context.Context, partNumbers []string) (map[string]Part, error)
	OrderLister
}

// OrderQuote asks the payments capability for the quote an order is paid through.
type OrderQuote struct {
	Owner, Org, OrderID string
	Amount              money.Money
	Contact             rma.Contact
	Address             rma.Address
}

// Payments is the payments capability's checkout as an order needs it. Methods said to join the
// transaction write in the one ctx carries; the others call a provider and run outside any.
type Payments interface {
	// QuoteForOrder opens the quote of a new order; joins the transaction.
	QuoteForOrder(ctx context.Context, q OrderQuote) (quoteID string, err error)
	// AcceptPurchaseOrder pays owner's order's quote by purchase order; joins the transaction.
	AcceptPurchaseOrder(ctx context.Context, owner, orderID, customerPO string) error
	// StartPayPal returns the approve link of the PayPal order of owner's order's quote,
	// creating it or reusing the one it has.
	StartPayPal(ctx context.Context, owner, orderID, returnURL, cancelURL string) (string, error)
	// SettleOrder makes sure owner's order's quote is paid, capturing its approved PayPal order
	// (token, when set, must be its id).
	SettleOrder(ctx context.Context, owner, orderID, token string) error
	// CancelForOrder cancels the open quote of owner's order; a paid one answers ErrOrderPaid.
	// Joins the transaction.
	CancelForOrder(ctx context.Context, owner, orderID string) error
}

// PurchaseOrders ties an uploaded purchase-order file to the order it pays for;
// *uploads.Service implements it.
type PurchaseOrders interface {
	// ClaimPurchaseOrder fails with a validation fault when the file is unknown, someone
	// else's or taken; joins the transaction.
	ClaimPurchaseOrder(ctx context.Context, owner, fileID, orderID string) error
}

// Addresses checks a shipping address with the rules of spec §5 (the geography module's).
type Addresses interface {
	// ValidateAddress returns a validation fault keyed by field name (line1, state, …).
	ValidateAddress(a rma.Address) error
}

// VideoUnit is a video unit (product type VERETOS) a viewer holds.
type VideoUnit struct {
	Serial, Model, ModelFamily string
}

// VideoUnits is the rma capability's holdings query, narrowed to video units: the composition
// root adapts rma.Holdings to it.
type VideoUnits interface {
	// HeldVideoUnits lists the VERETOS units v (or v's organization) holds, of model when it is
	// not "", among serials when serials is not empty. A unit is held when v or a member of v's
	// organization registered it or named it in any RMA v sees, a closed or cancelled one too:
	// having sent a unit in once is enough to order its parts.
	HeldVideoUnits(ctx context.Context, v visibility.Viewer, model string, serials []string) ([]VideoUnit, error)
}

// HeldUnits is the rma capability's holdings query (*rma.Holdings) as orders use it: which of
// the serials the customer searched the catalogue by they (or their organization) hold.
type HeldUnits interface {
	Held(ctx context.Context, v visibility.Viewer, f rma.HeldFilter) ([]rma.HeldUnit, error)
}

// Mailer queues an e-mail inside the caller's transaction; *mail.Outbox implements it.
type Mailer interface {
	Enqueue(ctx context.Context, msg mail.Message) error
}

// OrderSettings are the orders' configuration.
type OrderSettings struct {
	// PublicURL is where browsers reach the portal: PayPal sends the payer back there.
	PublicURL string
	// POReleaseDomains are the e-mail domains whose purchase orders carry a release number.
	POReleaseDomains []string
	// MaxTotal is the most one order may total (DefaultMaxOrderTotal when zero).
	MaxTotal money.Money
}

// OrdersDeps are the orders' ports.
type OrdersDeps struct {
	Store          OrderStore
	Payments       Payments
	PurchaseOrders PurchaseOrders
	Addresses      Addresses
	VideoUnits     VideoUnits
	// Holdings checks the serial a parts line was searched by before the order records it.
	Holdings HeldUnits
	Mail     Mailer
	// Tx runs each change of state in one transaction, which the capabilities join.
	Tx       db.Transactor
	Settings OrderSettings
	Log      *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Orders prices, places, pays, cancels and lists parts orders.
type Orders struct{ d OrdersDeps }

// NewOrders wires the orders.
func NewOrders(d OrdersDeps) *Orders {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Settings.MaxTotal.Cents == 0 {
		d.Settings.MaxTotal = DefaultMaxOrderTotal
	}
	d.Settings.PublicURL = strings.TrimRight(d.Settings.PublicURL, "/")
	return &Orders{d: d}
}

func (s *Orders) now() time.Time { return s.d.Now().UTC().Truncate(time.Microsecond) }

// Customer is the signed-in caller as orders see them (from the verified token, never the body).
type Customer struct {
	Subject string
	Org     string
	Name    string
	Email   string
	// MayOrder, MayReadVideoSerials and MayPayByPO are service:partorder:create,
	// service:video:serial:read and service:payment:po.
	MayOrder            bool
	MayReadVideoSerials bool
	MayPayByPO          bool
}

// Viewer is the customer as a reader of orders and units.
func (c Customer) Viewer() visibility.Viewer {
	return visibility.Viewer{Subject: c.Subject, Org: c.Org}
}
