package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// The submit's fields, as the body names them.
const (
	FieldIdempotencyKey       = idempotency.Header
	FieldPackagingKind        = "packaging.kind"
	FieldUnitsPerBox          = "packaging.unitsPerBox"
	FieldAcknowledgeHDD       = "acknowledgeHddBackup"
	FieldAcknowledgeClickWrap = "acknowledgeClickWrapAgreement"
)

// Messages of the submit's own fields.
const (
	MsgPackagingKinds = "Must be OWN_BOXES or REQUEST_BOXES"
	MsgUnitsPerBox    = "Must be 1 to 50"
	MsgPaymentMethods = "Must be PO, PayPal or SAVE"
)

// PaymentData is how the out-of-warranty rows are paid: by PO at once, by card (PayPal) after
// the submit, or saved to pay later (SAVE).
type PaymentData struct {
	Method           PaymentMethod
	CustomerPO       string
	CustomerPOFileID string
}

// SubmitRequest is one submit of a batch.
type SubmitRequest struct {
	Rows                 []Row
	Contact              rma.Contact
	Address              rma.Address
	Packaging            Packaging
	AcknowledgeHDDBackup bool
	AcknowledgeClickWrap bool
	// Payment is nil when the body has none (needed only when an out-of-warranty row passes).
	Payment *PaymentData
	// IdempotencyKey is required: the same owner and key answer the same batch.
	IdempotencyKey idempotency.Key
}

// Submitted is a submitted (or replayed) batch and, for a card payment, PayPal's approve link.
type Submitted struct {
	Batch      Batch
	PaymentURL string
	// Replayed is a key submitted before: nothing more was created.
	Replayed bool
}

// customer is the caller as the batch's rules see them.
type customer struct {
	Subject, Org, Name, Email string
	MayPayByPO                bool
}

func customerOf(p auth.Principal) customer {
	return customer{Subject: p.Subject, Org: p.Org, Name: p.DisplayName(), Email: p.Email, MayPayByPO: p.Has(auth.PermPaymentPO)}
}

// Submit stores the caller's batch: every row re-checked by the pre-flight's rules (a row that
// fails is stored FAILED with its reasons, the others go through), and in one transaction the
// batch, its rows and, when out-of-warranty rows pass, their one combined quote, paid in that
// transaction by a PO (its file claimed). In-warranty and override rows are PENDING at once,
// out-of-warranty rows when paid by PO, else AWAITING_PAYMENT. The worker creates the RMAs. A
// card payment answers PayPal's approve link. The owner's key submitted before, or meanwhile,
// answers that batch and creates nothing more.
func (s *Service) Submit(ctx context.Context, caller auth.Principal, accessToken string, r SubmitRequest) (Submitted, error) {
	if r.IdempotencyKey.IsZero() {
		return Submitted{}, fault.Validation(map[string]string{FieldIdempotencyKey: validate.MsgRequired})
	}
	c := customerOf(caller)
	hash := bodyHash(r)
	if prior, ok, err := s.d.Store.BatchForKey(ctx, c.Subject, r.IdempotencyKey.String()); ok || err != nil {
		if err != nil {
			return Submitted{}, err
		}
		return s.answerFor(ctx, prior, hash)
	}
	b, err := s.prepare(ctx, caller, accessToken, c, &r)
	if err != nil {
		return Submitted{}, err
	}
	b.BodyHash = hash
	for attempt := 1; ; attempt++ {
		err = s.store(ctx, &b, r)
		if !errors.Is(err, ErrDuplicateBatch) {
			break
		}
		// A concurrent submit with the same key stored it: its batch is the answer.
		prior, ok, perr := s.d.Store.BatchForKey(ctx, c.Subject, r.IdempotencyKey.String())
		if perr != nil {
			return Submitted{}, errors.Join(err, perr)
		}
		if ok {
			return s.answerFor(ctx, prior, hash)
		}
		if attempt == idAttempts {
			return Submitted{}, err
		}
		// No batch of this key: the clash was the random id, another batch's. Draw another.
		b.ID = s.d.NewID()
	}
	if err != nil {
		return Submitted{}, err
	}
	counts := b.Counts()
	s.d.Log.InfoContext(ctx, "batch submitted", "batch", b.ID, "rows", counts.Rows, "pending", counts.Pending,
		"awaitingPayment", counts.AwaitingPayment, "failed", counts.Failed, "total", b.Total().String())
	s.notify()
	out := Submitted{Batch: b}
	if r.Payment != nil && r.Payment.Method == MethodPayPal && b.Payment != nil {
		if out.PaymentURL, _, err = s.d.Payments.StartPayPal(ctx, b.Owner, b.ID, s.returnURL(b.ID), s.cancelURL(b.ID)); err != nil {
			// The batch stands with its quote open: the batch page pays it, and the same key
			// asks PayPal again.
			return Submitted{}, err
		}
	}
	return out, nil
}

// idAttempts is how many ids a submit draws before it gives up: with 40 random bits a second
// clash is all but impossible.
const idAttempts = 3

// store stores b, its rows and its quote (paid by PO when r says so) in one transaction.
func (s *Service) store(ctx context.Context, b *Batch, r SubmitRequest) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Store.CreateBatch(ctx, *b, r.IdempotencyKey.String()); err != nil {
			return err
		}
		if b.Payment == nil {
			return nil
		}
		q, err := s.d.Payments.QuoteForBatch(ctx, BatchQuote{Owner: b.Owner, Org: b.Org, BatchID: b.ID, Amount: b.Payment.Amount, Contact: b.Contact})
		if err != nil {
			return err
		}
		b.Payment.QuoteID, b.Payment.ExpiresAt = q.ID, q.ExpiresAt.UTC()
		if r.Payment.Method == MethodPO {
			if _, err := s.payByPO(ctx, *b, r.Payment.CustomerPO, r.Payment.CustomerPOFileID); err != nil {
				return err
			}
			b.Payment.Status = QuotePaid
		}
		return s.d.Store.SetPayment(ctx, b.ID, "", b.Payment)
	})
}

// bodyHash is the hash of what a submit asks (everything but its key), so the owner's key sent
// again with another batch is told from a replay.
func bodyHash(r SubmitRequest) string {
	r.IdempotencyKey = ""
	raw, _ := json.Marshal(r)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// payByPO pays the batch's open quote by purchase order and claims the PO file for the batch,
// in the transaction ctx carries. It answers the quote payments accepted.
func (s *Service) payByPO(ctx context.Context, b Batch, customerPO, fileID string) (QuoteRef, error) {
	q, err := s.d.Payments.AcceptPurchaseOrder(ctx, b.Owner, b.ID, customerPO)
	if err != nil {
		return QuoteRef{}, err
	}
	return q, prefixed(s.d.PurchaseOrders.ClaimPurchaseOrder(ctx, b.Owner, fileID, b.ID), payments.FieldPOFile)
}

// answerFor answers a replayed submit: the batch as it is now and, while its quote awaits a
// card payment, the approve link again. The key sent with another body is ErrKeyReused.
func (s *Service) answerFor(ctx context.Context, b Batch, hash string) (Submitted, error) {
	if b.BodyHash != "" && b.BodyHash != hash {
		return Submitted{}, ErrKeyReused
	}
	b, err := s.withStatuses(ctx, b)
	if err != nil {
		return Submitted{}, err
	}
	out := Submitted{Batch: b, Replayed: true}
	if p := b.Payment; p != nil && p.Status == QuoteOpen && p.Method == MethodPayPal && b.Counts().AwaitingPayment > 0 {
		if out.PaymentURL, _, err = s.d.Payments.StartPayPal(ctx, b.Owner, b.ID, s.returnURL(b.ID), s.cancelURL(b.ID)); err != nil {
			return Submitted{}, err
		}
	}
	return out, nil
}

// prepare checks the submit (every field's message at once) and builds the batch, its id new.
func (s *Service) prepare(ctx context.Context, caller auth.Principal, accessToken string, c customer, r *SubmitRequest) (Batch, error) {
	pre, err := s.Preflight(ctx, caller, accessToken, r.Rows)
	if err != nil {
		return Batch{}, err
	}
	var v validate.Errors
	r.Contact, r.Address = r.Contact.Trimmed(), r.Address.Trimmed()
	rma.ValidateContact(&v, "contact.", r.Contact)
	rma.ValidateAddress(&v, s.d.Addresses, r.Address)
	switch r.Packaging.Kind {
	case OwnBoxes:
		if r.Packaging.UnitsPerBox == 0 {
			// Not given (the body's unitsPerBox absent or 0).
			v.Add(FieldUnitsPerBox, validate.MsgRequired)
		} else if r.Packaging.UnitsPerBox < 1 || r.Packaging.UnitsPerBox > MaxUnitsPerBox {
			v.Add(FieldUnitsPerBox, MsgUnitsPerBox)
		}
	case RequestBoxes:
		r.Packaging.UnitsPerBox = 0
	case "":
		v.Add(FieldPackagingKind, validate.MsgRequired)
	default:
		v.Add(FieldPackagingKind, MsgPackagingKinds)
	}
	if !r.AcknowledgeHDDBackup {
		v.Add(FieldAcknowledgeHDD, validate.MsgRequired)
	}
	now := s.now()
	b := Batch{
		ID: s.d.NewID(), Owner: c.Subject, Org: c.Org, CreatedBy: firstRunes(strings.TrimSpace(c.Name), 100), CreatedAt: now,
		Contact: r.Contact, Address: r.Address, Packaging: Packaging{Kind: r.Packaging.Kind, UnitsPerBox: r.Packaging.UnitsPerBox},
		AcknowledgeHDDBackup: r.AcknowledgeHDDBackup, AcknowledgeClickWrap: r.AcknowledgeClickWrap,
		Rows: make([]BatchRow, len(r.Rows)),
	}
	total, passing, clickWrap := money.USD(0), 0, false
	oow := false
	for i, verdict := range pre.Rows {
		row := r.Rows[i]
		row.Serial = verdict.Serial
		br := BatchRow{Index: i, Row: row, Model: verdict.Model, Entitlement: verdict.Entitlement, Price: verdict.Price, Camera: verdict.Camera, Status: RowPending}
		switch {
		case !verdict.OK:
			br.Status, br.Reasons = RowFailed, verdict.Reasons
		case verdict.Entitlement == OutOfWarranty:
			passing++
			oow = true
			br.Status = RowAwaitingPayment
			if verdict.Price != nil {
				total = money.Money{Cents: total.Cents + verdict.Price.Cents, Currency: verdict.Price.Currency}
			}
		default:
			passing++
		}
		if verdict.OK && verdict.Camera && row.HasData != nil && *row.HasData {
			clickWrap = true
		}
		b.Rows[i] = br
	}
	if clickWrap && !r.AcknowledgeClickWrap {
		v.Add(FieldAcknowledgeClickWrap, validate.MsgRequired)
	}
	if !clickWrap {
		b.AcknowledgeClickWrap = false
	}
	if oow && total.Cents == 0 {
		// Out of warranty and free after the discount (100 %): no quote, nothing to pay; the
		// rows are created at once.
		oow = false
		for i := range b.Rows {
			if b.Rows[i].Status == RowAwaitingPayment {
				b.Rows[i].Status = RowPending
			}
		}
	}
	if oow {
		if err := s.validatePayment(&v, c, r.Payment); err != nil {
			return Batch{}, err
		}
	}
	if err := v.Err(); err != nil {
		return Batch{}, err
	}
	if passing == 0 {
		return Batch{}, ErrNothingToCreate
	}
	if oow {
		b.Payment = &Payment{Amount: total, Status: QuoteOpen}
		switch r.Payment.Method {
		case MethodPO:
			b.Payment.Method, b.Payment.CustomerPO = MethodPO, r.Payment.CustomerPO
			for i := range b.Rows {
				if b.Rows[i].Status == RowAwaitingPayment {
					b.Rows[i].Status = RowPending
				}
			}
		case MethodPayPal:
			b.Payment.Method = MethodPayPal
		}
	}
	return b, nil
}

// validatePayment applies spec §5 "PO payment" with the payments capability's rules, as the
// repair service does for one RMA; a PO from a customer without the permission is refused
// before any field is looked at.
func (s *Service) validatePayment(v *validate.Errors, c customer, p *PaymentData) error {
	if p == nil {
		v.Add(payments.FieldPaymentMethod, validate.MsgRequired)
		return nil
	}
	p.CustomerPO, p.CustomerPOFileID = strings.TrimSpace(p.CustomerPO), strings.TrimSpace(p.CustomerPOFileID)
	switch p.Method {
	case MethodPayPal, MethodSave:
		p.CustomerPO, p.CustomerPOFileID = "", ""
		return nil
	case MethodPO:
	case "":
		v.Add(payments.FieldPaymentMethod, validate.MsgRequired)
		return nil
	default:
		v.Add(payments.FieldPaymentMethod, MsgPaymentMethods)
		return nil
	}
	if !c.MayPayByPO {
		return payments.ErrPONotAllowed
	}
	payments.PORules{ReleaseDomains: s.d.Settings.POReleaseDomains}.Validate(v, c.Email, p.CustomerPO, p.CustomerPOFileID)
	return nil
}

// returnURL is where PayPal sends the payer back: the batch page, which confirms the payment.
func (s *Service) returnURL(id string) string { return s.d.Settings.PublicURL + PagePath(id) }

// cancelURL is where PayPal sends a payer who gave up: the batch page, told so.
func (s *Service) cancelURL(id string) string { return s.returnURL(id) + "?cancelled=1" }

// PagePath is the batch's page in the account (the web route /your-account/batches/{id}).
func PagePath(id string) string { return "/your-account/batches/" + id }

// prefixed moves a capability's validation fault under one payload field.
func prefixed(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return err
	}
	return fault.Validation(map[string]string{field: slices.Sorted(maps.Values(f.Fields))[0]})
}

// firstRunes is s cut to its first n characters, never inside one.
func firstRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
