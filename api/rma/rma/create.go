package rma

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
)

var (
	ErrNotValidForNewRMA = fault.New(fault.KindConflict, "rma.notValidForNewRma", "Serial not valid for new RMA")
	ErrContactHelpdesk   = fault.New(fault.KindConflict, "rma.contactHelpdesk", "Please contact the helpdesk to arrange the return of this unit.")
	ErrRMANotFound       = fault.New(fault.KindNotFound, "rma.notFound", "RMA not found")
	// ErrPaymentRequired refuses to open, unpaid, the RMA of a unit whose repair is paid for first.
	ErrPaymentRequired = fault.New(fault.KindConflict, "rma.paymentRequired", "This unit is out of warranty: pay for the repair or save a quote.")
	// ErrUpgradeNotOffered refuses an upgrade of a unit that takes none: end of service, or the
	// EX80, whose every service goes through the helpdesk.
	ErrUpgradeNotOffered = fault.New(fault.KindConflict, "rma.upgradeNotOffered", "Upgrades are not offered for this unit.")
	// ErrUpgradeIsPaid refuses an upgrade submitted as a free RMA: an upgrade is always quoted
	// and paid (create/oow), in warranty or not.
	ErrUpgradeIsPaid = fault.New(fault.KindConflict, "rma.upgradeIsPaid", "An upgrade is paid for: pay for it or save a quote.")
	// ErrDuplicateRequest is what a store returns when an idempotency key was used already.
	ErrDuplicateRequest = errors.New("rma: idempotency key already used")
)

// ShippingMethod is how the unit travels, decided from the address and the packaging choice.
type ShippingMethod string

const (
	ShipLabel         ShippingMethod = "label"
	ShipQR            ShippingMethod = "qr"
	ShipBox           ShippingMethod = "box"
	ShipInternational ShippingMethod = "international"
)

// Countries of spec §4 "Packaging".
const (
	CountryUS = "US"
	CountryCA = "CA"
)

// MsgLabelOnly is the packaging error for an address that can only ship with a prepaid label.
const MsgLabelOnly = "A prepaid shipping label is the only option for this address"

// RMA is a created service request.
type RMA struct {
	Number string
	// UID names the RMA in links (details?uid=): random, so a customer cannot guess another's.
	UID   string
	Owner string
	// Org is the organization the RMA was opened under, "" for none: its members see it too.
	Org string
	// OpenedByName is the display name of who opened it, at the time: the organization's
	// "Opened by", which the contact cannot be (a member shipping from a branch gives the
	// branch's contact).
	OpenedByName string
	Serial       string
	Model        string
	PartNumber   string
	Type         string
	Status       string
	Problem      Problem
	ProblemPrice money.Money
	Contact      Contact
	Address      Address
	Packaging    Packaging
	Method       ShippingMethod
	// TPM is the facility a recycled unit goes to; empty for repairs.
	TPM            string
	LabelID        string
	InvoiceID      string
	TrackingNumber string
	ShippingError  string
	// ReturnTrackingNumber is the carrier's number of the unit's way back, once shipped back.
	ReturnTrackingNumber string
	CreatedAt            time.Time
	// UpdatedAt is when anything of the RMA last changed (its status, its label).
	UpdatedAt time.Time
}

// Created is the answer to a create request.
type Created struct {
	RMA RMA
}

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
	SetStatus(ctx context.Context, owner, number, from, to string) (bool, error)
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

// Creator turns a submitted stepper into an RMA with its label.
type Creator struct {
	Store     RMAStore
	Tx        db.Transactor
	Addresses AddressRules
	Uploads   AttachmentClaimer
	Shipping  DocumentIssuer
	Mail      Mailer
	Units     Unfreezer
	Secrets   Sealer
	// Counter, when set, counts the RMAs created.
	Counter CreationCounter
	Log     *slog.Logger
	// DocumentURL turns a document id into the link the e-mail carries.
	DocumentURL func(id string) string
	Now         func() time.Time
}

// Create validates r with every rule of spec §5, creates the RMA in one transaction (number,
// lines, event, the unit marked, the attachments claimed), then issues the shipping documents
// and queues the customer's e-mail in a second one. A label failure leaves the RMA created and
// reports ShippingError, as spec §4 says. A unit out of warranty without the override is paid
// for first (PrepareOutOfWarranty), so it is refused here.
func (c *Creator) Create(ctx context.Context, r CreateRequest) (Created, error) {
	r.Trim()
	if created, ok, err := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || err != nil {
		return created, err
	}
	created, err := c.create(ctx, r)
	if err != nil {
		// A concurrent request with the same key may have created the RMA meanwhile (and so
		// made this one find the unit taken): then its RMA is the answer.
		if prior, ok, perr := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || perr != nil {
			return prior, perr
		}
	}
	return created, err
}

func (c *Creator) create(ctx context.Context, r CreateRequest) (Created, error) {
	unit, err := c.unitForNewRMA(ctx, r.Serial, r.RMAType)
	if err != nil {
		return Created{}, err
	}
	if r.RMAType == RMATypeUpgrade {
		return Created{}, ErrUpgradeIsPaid
	}
	if c.needsPayment(unit) {
		return Created{}, ErrPaymentRequired
	}
	p, err := c.prepare(ctx, r, unit, StatusAwaitingUnit)
	if err != nil {
		return Created{}, err
	}
	return c.open(ctx, p.RMA, unit, r.IdempotencyKey)
}

// unitForNewRMA reads the unit a new RMA of rmaType is for and applies RefusalForNewRMA.
func (c *Creator) unitForNewRMA(ctx context.Context, rawSerial, rmaType string) (Unit, error) {
	serial, err := NormalizeSerial(rawSerial)
	if err != nil {
		return Unit{}, err
	}
	unit, err := c.Store.UnitBySerial(ctx, serial)
	if err != nil {
		return Unit{}, err
	}
	if err := RefusalForNewRMA(unit, rmaType); err != nil {
		return Unit{}, err
	}
	return unit, nil
}

// needsPayment is spec §4 "Repair creation": only a unit out of warranty and without the
// out-of-warranty override is paid for before its RMA is released.
func (c *Creator) needsPayment(u Unit) bool {
	return !u.InWarranty(c.Now()) && !u.AllowOOW
}

// prepare validates trimmed r for unit with every rule, lets the carrier check the address,
// seals the credentials and returns the RMA to store with status, unnumbered.
func (c *Creator) prepare(ctx context.Context, r CreateRequest, unit Unit, status string) (Prepared, error) {
	method, price, err := c.validate(ctx, r, unit)
	if err != nil {
		return Prepared{}, err
	}
	if err := c.checkShipFrom(ctx, method, r.Address); err != nil {
		return Prepared{}, err
	}
	if err := c.seal(&r.Problem.Permissions); err != nil {
		return Prepared{}, err
	}
	return Prepared{
		RMA: RMA{
			Owner: r.Owner, Org: r.Org, OpenedByName: openedByName(r.OpenedByName), Serial: unit.Serial, Model: unit.Model, PartNumber: unit.PartNumber, Type: r.RMAType,
			Status: status, Problem: r.Problem, ProblemPrice: price, Contact: r.Contact, Address: r.Address,
			Packaging: r.Packaging, Method: method, CreatedAt: c.Now().UTC(),
		},
		Unit: unit,
	}, nil
}

// OpenedByNameMax is the longest opener's name an RMA keeps (the store's column), in characters.
const OpenedByNameMax = 70

// openedByName is the opener's display name as stored: trimmed, and cut to OpenedByNameMax
// characters, as a provider's names can be longer than the column.
func openedByName(name string) string {
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > OpenedByNameMax {
		name = strings.TrimSpace(string(r[:OpenedByNameMax]))
	}
	return name
}

// prior answers a retried request with the RMA its idempotency key created, if any.
func (c *Creator) prior(ctx context.Context, owner, key string) (Created, bool, error) {
	if key == "" {
		return Created{}, false, nil
	}
	r, err := c.Store.RMAByIdempotencyKey(ctx, owner, key)
	switch {
	case err == nil:
		return Created{RMA: r}, true, nil
	case errors.Is(err, ErrRMANotFound):
		return Created{}, false, nil
	default:
		return Created{}, false, err
	}
}

// open creates rec in one transaction (number, lines, event, the unit marked, the attachments
// claimed), then ships it.
func (c *Creator) open(ctx context.Context, rec RMA, unit Unit, idempotencyKey string) (Created, error) {
	err := c.Tx.InTx(ctx, func(ctx context.Context) error { return c.insert(ctx, &rec, unit, idempotencyKey) })
	if errors.Is(err, ErrDuplicateRequest) {
		// A concurrent retry with the same key won the race: answer with its RMA.
		created, _, perr := c.prior(ctx, rec.Owner, idempotencyKey)
		return created, perr
	}
	if err != nil {
		return Created{}, err
	}
	c.Opened(ctx, rec)
	c.ship(ctx, &rec, unit)
	return Created{RMA: rec}, nil
}

// insert numbers and stores rec inside the transaction ctx carries: the RMA with its lines and
// idempotency key, the unit marked, the attachments claimed, the "created" event.
func (c *Creator) insert(ctx context.Context, rec *RMA, unit Unit, idempotencyKey string) error {
	number, err := c.Store.NextRMANumber(ctx)
	if err != nil {
		return err
	}
	rec.Number = number
	if rec.UID, err = NewUID(); err != nil {
		return err
	}
	if err := c.Store.CreateRMA(ctx, *rec, idempotencyKey); err != nil {
		return err
	}
	// The override lets a repair in beside an open RMA, never an upgrade (unitForNewRMA).
	if err := c.Store.OpenUnitRMA(ctx, unit.Serial, number, unit.AllowOOW && rec.Type != RMATypeUpgrade); err != nil {
		return err
	}
	if len(rec.Problem.Attachments) > 0 {
		if err := c.Uploads.Claim(ctx, rec.Owner, rec.Problem.Attachments, number); err != nil {
			return prefixFields(err, "rmaInput.attachments")
		}
	}
	return c.Store.AddEvent(ctx, c.event(number, "created", rec.Status, rec.Owner, fmt.Sprintf("%s RMA created for %s by the customer", rec.Type, unit.Serial)))
}

// Opened is told, after the commit, of an RMA a transaction opened: it is counted and the
// unit's cached copy, which still says it has no RMA, is dropped.
func (c *Creator) Opened(ctx context.Context, rec RMA) {
	if c.Counter != nil {
		c.Counter.RMACreated(rec.Type)
	}
	c.forgetUnit(ctx, rec.Serial)
}

func (c *Creator) forgetUnit(ctx context.Context, serial string) {
	if err := c.Units.ForgetUnit(ctx, serial); err != nil {
		c.Log.WarnContext(ctx, "unit cache not cleared", "serial", serial, "err", err)
	}
}

// ship issues the documents and queues the e-mail in a transaction of its own; failures are
// recorded on the RMA, never returned, because the RMA exists either way. When the LabelRetrier
// recorded a label first (this step outlasted labelShippingGrace), rec becomes the RMA as
// stored, so the answer carries the label the customer was sent.
func (c *Creator) ship(ctx context.Context, rec *RMA, unit Unit) {
	err := c.Tx.InTx(ctx, func(ctx context.Context) error { return c.shipInTx(ctx, rec, unit) })
	if errors.Is(err, errLabelNotNeeded) {
		c.reread(ctx, rec)
		return
	}
	if err == nil {
		return
	}
	c.Log.ErrorContext(ctx, "shipping documents failed", "rma", rec.Number, "err", err)
	switch err := c.noteNoLabel(ctx, rec); {
	case errors.Is(err, errLabelNotNeeded):
		c.reread(ctx, rec)
	case err != nil:
		c.Log.ErrorContext(ctx, "shipping error not recorded", "rma", rec.Number, "err", err)
	}
}

// reread replaces rec with the RMA as stored, after a shipping step that may have lost to the
// LabelRetrier; if the read fails rec is answered as this step left it.
func (c *Creator) reread(ctx context.Context, rec *RMA) {
	stored, err := c.Store.RMAByNumber(ctx, rec.Owner, rec.Number)
	if err != nil {
		c.Log.WarnContext(ctx, "rma not read back after shipping", "rma", rec.Number, "err", err)
		return
	}
	*rec = stored
}

// shipInTx issues the documents and queues the e-mail inside the transaction ctx carries. A
// carrier that fails is recorded on the RMA (ShippingError, event) in that transaction, which
// then still commits; an error is returned only when the database fails, or errLabelNotNeeded
// when the RMA got its label from the LabelRetrier meanwhile: then nothing of this step may
// commit (no second e-mail, and the documents' rows roll back, so the shipping janitor's
// SweepOrphans deletes their PDFs). Release calls it with the row locked by its status change,
// which the retrier (it claims only RMAs awaiting the unit) cannot have overtaken.
func (c *Creator) shipInTx(ctx context.Context, rec *RMA, unit Unit) error {
	if rec.Method == ShipLabel || rec.Method == ShipQR {
		docs, err := c.Shipping.IssueDocuments(ctx, ShipmentRequest{
			Owner: rec.Owner, RMANumber: rec.Number, Method: rec.Method, From: rec.Address, Contact: rec.Contact, Unit: unit,
		})
		if err != nil {
			// The carrier call writes nothing of ours, so the transaction is still sound.
			c.Log.ErrorContext(ctx, "shipping documents failed", "rma", rec.Number, "err", err)
			return c.noteNoLabel(ctx, rec)
		}
		recorded, err := c.Store.SetShipping(ctx, rec.Number, docs.LabelID, docs.InvoiceID, docs.TrackingNumber, "")
		if err != nil {
			return err
		}
		if !recorded {
			return errLabelNotNeeded
		}
		if err := c.Store.AddEvent(ctx, c.event(rec.Number, "label_issued", "", ActorSystem, "Tracking "+docs.TrackingNumber)); err != nil {
			return err
		}
		rec.LabelID, rec.InvoiceID, rec.TrackingNumber = docs.LabelID, docs.InvoiceID, docs.TrackingNumber
	}
	return c.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+" created", c.confirmationText(*rec))
}

// msgShippingError is what an RMA without its label says (spec §8 shows the customer the rest).
const msgShippingError = "The shipping label could not be created."

// noteNoLabel records on the RMA that it has no label; the store makes its retry due
// (LabelRetrier), and support sends one if the retries fail too. An RMA that got its label from
// the retrier meanwhile keeps it: that answers errLabelNotNeeded and records nothing.
func (c *Creator) noteNoLabel(ctx context.Context, rec *RMA) error {
	rec.LabelID, rec.InvoiceID, rec.TrackingNumber = "", "", ""
	rec.ShippingError = msgShippingError
	recorded, err := c.Store.SetShipping(ctx, rec.Number, "", "", "", rec.ShippingError)
	if err != nil {
		return err
	}
	if !recorded {
		return errLabelNotNeeded
	}
	return c.Store.AddEvent(ctx, c.event(rec.Number, "label_failed", "", ActorSystem, "Label creation failed; it will be retried"))
}

// event is an entry of number's timeline, now; status is "" for one that moves nothing.
func (c *Creator) event(number, kind, status, actor, detail string) Event {
	return Event{RMANumber: number, At: c.Now().UTC(), Kind: kind, Status: status, Actor: actor, Detail: detail}
}

// seal replaces the Windows and BIOS credentials with their sealed form.
func (c *Creator) seal(p *Permissions) error {
	for _, s := range []*string{&p.WindowsUser, &p.WindowsPassword, &p.BIOSPassword} {
		sealed, err := c.Secrets.Seal(*s)
		if err != nil {
			return fmt.Errorf("rma: seal credentials: %w", err)
		}
		*s = sealed
	}
	return nil
}

func (c *Creator) confirmationText(rec RMA) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\nyour %s %s for unit %s (%s) has been created.\n\n", rec.Contact.FirstName, requestKind(rec.Type), rec.Number, rec.Serial, rec.Model)
	switch rec.Method {
	case ShipLabel, ShipQR:
		c.writeDocuments(&b, rec)
	case ShipBox:
		b.WriteString("We are sending you a shipping box with a prepaid label; allow 3-5 business days for delivery.\n")
	case ShipInternational:
		b.WriteString("International shipments get no automatic label: please contact support to arrange shipping.\n")
	}
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return b.String()
}

// requestKind names an RMA of rmaType in the customer's e-mails.
func requestKind(rmaType string) string {
	switch {
	case strings.HasPrefix(rmaType, RMATypeRecycle):
		return "recycle request"
	case rmaType == RMATypeUpgrade:
		return "upgrade request"
	}
	return "service request"
}

// writeDocuments writes the links to rec's label and invoice, and how a QR label is used.
func (c *Creator) writeDocuments(b *strings.Builder, rec RMA) {
	fmt.Fprintf(b, "Your shipping label (valid for 30 days): %s\n", c.DocumentURL(rec.LabelID))
	if rec.InvoiceID != "" {
		fmt.Fprintf(b, "Your commercial invoice: %s\n", c.DocumentURL(rec.InvoiceID))
	}
	if rec.Method == ShipQR {
		b.WriteString("Show the QR code on the label at a drop-off office; no printer needed.\n")
	}
}

// validate checks every rule and returns the shipping method and the server's price of the
// chosen problem (the browser's price is never trusted).
func (c *Creator) validate(ctx context.Context, r CreateRequest, u Unit) (ShippingMethod, money.Money, error) {
	var v validate.Errors
	switch r.RMAType {
	case DefaultRMAType:
		validateProblem(&v, r.Problem, u)
	case RMATypeUpgrade:
		validateUpgrade(&v, r.Problem)
	default:
		v.Add("rmaInput.rmaType", MsgRMATypes)
	}
	price, err := c.optionPrice(ctx, &v, r, u)
	if err != nil {
		return "", money.Money{}, err
	}
	ValidateContact(&v, "contact.", r.Contact)
	ValidateAddress(&v, c.Addresses, r.Address)
	method := c.shippingMethod(r.Address, u)
	if r.Packaging.ForgoShipping {
		v.Add("packaging.forgoShipping", "Shipping cannot be skipped")
	}
	chosen := chosenMethod(r.Packaging)
	if method == ShipLabel && !u.AdvanceExchange() && chosen != ShipLabel {
		v.Add("packaging", MsgLabelOnly)
	}
	if method == "" {
		method = chosen
	}
	return method, price, v.Err()
}

// MsgRMATypes refuses an rmaType this path does not create (recycling has its own).
const MsgRMATypes = "Only REPAIR or UPGRADE requests can be created here"

// checkShipFrom lets the carrier refuse the address of a unit that will travel with it.
func (c *Creator) checkShipFrom(ctx context.Context, method ShippingMethod, a Address) error {
	if method == ShipInternational {
		return nil
	}
	return c.Shipping.CheckShipFrom(ctx, a)
}

// AddressValidator checks a shipping address with the rules of spec §5 (the geography module's).
type AddressValidator interface {
	// ValidateAddress returns a validation fault keyed by field name (line1, state, …).
	ValidateAddress(a Address) error
}

// ValidateAddress adds rules' messages about a to v under "address.", as every form that takes
// the shared address (create-RMA, recycling, the parts checkout) names them.
func ValidateAddress(v *validate.Errors, rules AddressValidator, a Address) {
	err := rules.ValidateAddress(a)
	if err == nil {
		return
	}
	f, ok := fault.As(err)
	if !ok {
		v.Add("address", err.Error())
		return
	}
	for field, msg := range f.Fields {
		v.Add("address."+field, msg)
	}
}

// shippingMethod applies spec §4 "Packaging": APO and Canada force a label, other countries
// outside the US get none, advance exchange hides the choice (a label). "" leaves the choice to
// the customer.
func (c *Creator) shippingMethod(a Address, u Unit) ShippingMethod {
	switch {
	case a.Country != CountryUS && a.Country != CountryCA:
		return ShipInternational
	case a.Country == CountryCA, c.Addresses.IsMilitaryAddress(a), u.AdvanceExchange():
		return ShipLabel
	}
	return ""
}

// chosenMethod reads the packaging mapping of spec §4 backwards.
func chosenMethod(p Packaging) ShippingMethod {
	switch {
	case p.RequestBox:
		return ShipBox
	case p.HavePackaging:
		return ShipLabel
	default:
		return ShipQR
	}
}

func (c *Creator) optionPrice(ctx context.Context, v *validate.Errors, r CreateRequest, u Unit) (money.Money, error) {
	if r.Problem.PrimaryFault == "" || r.Problem.Problem == "" {
		return money.Money{}, nil
	}
	faults, err := c.Store.RepairOptions(ctx, u.Model, r.RMAType)
	if err != nil {
		return money.Money{}, err
	}
	i := slices.IndexFunc(faults, func(f FaultOptions) bool { return f.Name == r.Problem.PrimaryFault })
	upgrade := r.RMAType == RMATypeUpgrade
	if i < 0 {
		v.Add("rmaInput.primaryFault", pick(upgrade, MsgPickUpgradeCategory, "Select a primary fault from the list"))
		return money.Money{}, nil
	}
	j := slices.IndexFunc(faults[i].Options, func(o Option) bool { return o.Name == r.Problem.Problem })
	if j < 0 {
		v.Add("rmaInput.problem", pick(upgrade, MsgPickUpgrade, "Select a problem from the list"))
		return money.Money{}, nil
	}
	return faults[i].Options[j].Price, nil
}

// Messages of an upgrade whose option is not one of the unit's model's.
const (
	MsgPickUpgradeCategory = "Select an upgrade category from the list"
	MsgPickUpgrade         = "Select an upgrade from the list"
)

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// prefixFields moves a validation fault's message under one payload field.
func prefixFields(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid {
		return err
	}
	msg := f.Message
	for _, m := range f.Fields {
		msg = m
		break
	}
	return fault.Validation(map[string]string{field: msg})
}
