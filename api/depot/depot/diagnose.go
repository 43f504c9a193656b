package depot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// ActionDiagnose is the audit's name of a recorded diagnosis.
const ActionDiagnose Action = "diagnose"

// Limits of a diagnosis.
const (
	FindingsMax       = 10
	FindingTextMax    = 1000
	TechnicianNoteMax = 1000
	LineItemsMax      = 30
	QuantityMax       = 99
	// CoverPhotosMin is how many photos a finding that removes warranty cover needs: the
	// customer is asked to pay on their evidence.
	CoverPhotosMin = 2
)

// Messages of a diagnosis's fields.
const (
	MsgFindingRequired = "Record at least one finding"
	MsgCoverPhotos     = "Attach at least 2 photos of a finding that removes warranty cover"
	MsgUnknownCode     = "Unknown repair option or part"
	MsgChooseFinding   = "Choose a finding from the list"
	MsgChooseKind      = "Choose REPAIR_OPTION or PART"
	MsgQuantity        = "Must be 1 to 99"
	MsgPriceTheWork    = "Add the line items the customer is asked to pay"
)

// ErrNotDiagnosable refuses a diagnosis of an RMA whose unit is not received and waiting for one.
var ErrNotDiagnosable = fault.New(fault.KindConflict, "depot.notDiagnosable",
	"This RMA's unit is not received and awaiting diagnosis.")

// FindingInput is one finding as staff send it.
type FindingInput struct {
	Code        string
	Description string
	Photos      []string
}

// LineInput is one line item as staff send it: what, never its price.
type LineInput struct {
	Kind     string
	Code     string
	Quantity int
}

// DiagnoseRequest is a technician's diagnosis of a received unit.
type DiagnoseRequest struct {
	Number         string
	Findings       []FindingInput
	TechnicianNote string
	LineItems      []LineInput
}

func (r *DiagnoseRequest) trim() {
	r.Number = strings.ToUpper(strings.TrimSpace(r.Number))
	r.TechnicianNote = strings.TrimSpace(r.TechnicianNote)
	for i := range r.Findings {
		f := &r.Findings[i]
		f.Code, f.Description = strings.ToUpper(strings.TrimSpace(f.Code)), strings.TrimSpace(f.Description)
		photos := f.Photos[:0:0]
		for _, p := range f.Photos {
			if p = strings.TrimSpace(p); p != "" {
				photos = append(photos, p)
			}
		}
		f.Photos = photos
	}
	for i := range r.LineItems {
		l := &r.LineItems[i]
		l.Kind, l.Code = strings.ToUpper(strings.TrimSpace(l.Kind)), strings.TrimSpace(l.Code)
	}
}

func (r DiagnoseRequest) validate() error {
	var v validate.Errors
	switch {
	case len(r.Findings) == 0:
		v.Add("findings", MsgFindingRequired)
	case len(r.Findings) > FindingsMax:
		v.Add("findings", fmt.Sprintf("Record at most %d findings", FindingsMax))
	}
	for i, f := range r.Findings {
		field := fmt.Sprintf("findings[%d].", i)
		code := rma.FindingCode(f.Code)
		if !code.Known() {
			v.Add(field+"code", MsgChooseFinding)
		}
		v.Required(field+"description", f.Description)
		v.MaxLen(field+"description", f.Description, FindingTextMax)
		switch {
		case code.RemovesCover() && len(f.Photos) < CoverPhotosMin:
			v.Add(field+"photos", MsgCoverPhotos)
		case len(f.Photos) > PhotosMax:
			v.Add(field+"photos", fmt.Sprintf("Add at most %d photos", PhotosMax))
		}
	}
	v.MaxLen("technicianNote", r.TechnicianNote, TechnicianNoteMax)
	if len(r.LineItems) > LineItemsMax {
		v.Add("lineItems", fmt.Sprintf("Add at most %d line items", LineItemsMax))
	}
	for i, l := range r.LineItems {
		field := fmt.Sprintf("lineItems[%d].", i)
		if k := rma.LineKind(l.Kind); k != rma.LineRepairOption && k != rma.LinePart {
			v.Add(field+"kind", MsgChooseKind)
		}
		v.Required(field+"code", l.Code)
		if l.Quantity < 1 || l.Quantity > QuantityMax {
			v.Add(field+"quantity", MsgQuantity)
		}
	}
	return v.Err()
}

// Priced is a repair option or part as the server prices it.
type Priced struct {
	Description string
	Price       money.Money
}

// Prices prices line items: a repair option of a model by its name (the rma capability's repair
// options) and a part by its number (the parts catalogue), adapted by the composition root; ok
// false for a name or number nobody sells.
type Prices interface {
	RepairOption(ctx context.Context, model, name string) (p Priced, ok bool, err error)
	Part(ctx context.Context, partNumber string) (p Priced, ok bool, err error)
}

// Payments says what the customer paid for an RMA before its unit arrived: an out-of-warranty
// repair is paid (paid true, with its amount); a repair in warranty is not.
type Payments interface {
	AlreadyPaid(ctx context.Context, rec rma.RMA) (amount money.Money, paid bool, err error)
}

// RevisedQuotes issues the service quote of a revised quote in the transaction ctx carries (the
// payments capability, adapted by the composition root): the quote moves the RMA on to
// QUOTE_PENDING and e-mails the customer the findings, the amount and the three choices.
type RevisedQuotes interface {
	IssueRevisedQuote(ctx context.Context, rec rma.RMA, d rma.Diagnosis) (quoteID string, err error)
}

// Diagnoses keeps diagnoses in the rma capability (rma.Diagnoses); writes join the transaction.
type Diagnoses interface {
	Record(ctx context.Context, d rma.Diagnosis) error
	QuoteIssued(ctx context.Context, number, quoteID string) error
	Of(ctx context.Context, number string) (*rma.Diagnosis, error)
}

// Diagnosed is a recorded diagnosis and where it left its RMA.
type Diagnosed struct {
	RMA       rma.RMA
	Diagnosis rma.Diagnosis
}

// Diagnose records a technician's diagnosis of a received unit. Prices come from the server.
// Work that is covered (in warranty with no finding that removes cover, or out of warranty and
// no more than paid already) moves RECEIVED → DIAGNOSING, where the repair follows; otherwise it
// moves on to QUOTE_PENDING with a revised quote for the amount due, whose e-mail asks the
// customer to decide. The photos, the move, the diagnosis with its timeline event, the quote
// and the audit row commit together. An RMA not RECEIVED answers ErrNotDiagnosable.
func (s *Service) Diagnose(ctx context.Context, who Staff, req DiagnoseRequest) (Diagnosed, error) {
	req.trim()
	if err := req.validate(); err != nil {
		return Diagnosed{}, err
	}
	var out Diagnosed
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := s.RMAs.LockRMA(ctx, req.Number)
		if err != nil {
			return err
		}
		if rec.Status != rma.StatusReceived {
			return ErrNotDiagnosable
		}
		lines, err := s.price(ctx, rec, req.LineItems)
		if err != nil {
			return err
		}
		findings := make([]rma.Finding, len(req.Findings))
		for i, f := range req.Findings {
			if len(f.Photos) > 0 {
				if err := s.Photos.Claim(ctx, who.Subject, f.Photos, rec.Number); err != nil {
					return asFieldError(err, fmt.Sprintf("findings[%d].photos", i))
				}
			}
			findings[i] = rma.Finding{Code: rma.FindingCode(f.Code), Description: f.Description, Photos: f.Photos}
		}
		paid, outOfWarranty, err := s.Payments.AlreadyPaid(ctx, rec)
		if err != nil {
			return err
		}
		now := s.Now().UTC()
		d := assess(rma.Diagnosis{
			RMANumber: rec.Number, At: now, Actor: who.Subject, Findings: findings, TechnicianNote: req.TechnicianNote,
			LineItems: lines, ReturnFee: s.ReturnFee,
		}, paid, outOfWarranty)
		if d.Outcome == rma.OutcomeRevisedQuote && d.AmountDue.Cents <= 0 {
			return fault.Validation(map[string]string{"lineItems": MsgPriceTheWork})
		}
		if out.RMA, err = s.Mover.Advance(ctx, rma.Advance{Number: rec.Number, Status: rma.StatusDiagnosing, Actor: who.Subject, Note: "Diagnosis recorded"}); err != nil {
			if errors.Is(err, rma.ErrBadTransition) {
				return ErrNotDiagnosable
			}
			return err
		}
		// The diagnosis's event goes before the quote's move, so the move stays the timeline's
		// last entry.
		if err := s.Diagnoses.Record(ctx, d); err != nil {
			return err
		}
		if d.Outcome == rma.OutcomeRevisedQuote {
			if d.QuoteID, err = s.Quotes.IssueRevisedQuote(ctx, out.RMA, d); err != nil {
				return err
			}
			if err := s.Diagnoses.QuoteIssued(ctx, rec.Number, d.QuoteID); err != nil {
				return err
			}
			out.RMA.Status = rma.StatusQuotePending
		}
		out.Diagnosis = d
		return s.Store.AddAudit(ctx, AuditEntry{
			At: now, Actor: who.Subject, ActorEmail: who.Email, Action: ActionDiagnose, RMANumber: rec.Number,
			From: rec.Status, To: out.RMA.Status, Detail: truncate(d.Summary(), DetailMax),
		})
	})
	if err != nil {
		return Diagnosed{}, err
	}
	return out, nil
}

// assess prices d and decides its outcome: covered in warranty unless a finding removes cover,
// covered out of warranty while the work costs no more than was paid.
func assess(d rma.Diagnosis, paid money.Money, outOfWarranty bool) rma.Diagnosis {
	d.Total = money.USD(0)
	for _, l := range d.LineItems {
		d.Total.Cents += l.Amount().Cents
	}
	d.AlreadyPaid, d.AmountDue = money.USD(0), money.USD(0)
	removes := false
	for _, f := range d.Findings {
		removes = removes || f.Code.RemovesCover()
	}
	switch {
	case outOfWarranty:
		d.AlreadyPaid = paid
		if d.Total.Cents > paid.Cents {
			d.AmountDue.Cents = d.Total.Cents - paid.Cents
		}
	case removes:
		d.AmountDue = d.Total
	}
	d.Outcome = rma.OutcomeCovered
	if (outOfWarranty && d.Total.Cents > paid.Cents) || (!outOfWarranty && removes) {
		d.Outcome = rma.OutcomeRevisedQuote
		by := d.At.Add(rma.DecisionWindow)
		d.DecideBy = &by
	}
	return d
}

// price prices each line by the server's catalogues; a name or number nobody sells is refused on
// its line's code.
func (s *Service) price(ctx context.Context, rec rma.RMA, in []LineInput) ([]rma.LineItem, error) {
	lines := make([]rma.LineItem, len(in))
	var v validate.Errors
	for i, l := range in {
		var p Priced
		var ok bool
		var err error
		if rma.LineKind(l.Kind) == rma.LineRepairOption {
			p, ok, err = s.Prices.RepairOption(ctx, rec.Model, l.Code)
		} else {
			p, ok, err = s.Prices.Part(ctx, l.Code)
		}
		if err != nil {
			return nil, err
		}
		if !ok {
			v.Add(fmt.Sprintf("lineItems[%d].code", i), MsgUnknownCode)
			continue
		}
		lines[i] = rma.LineItem{Kind: rma.LineKind(l.Kind), Code: l.Code, Description: p.Description, Quantity: l.Quantity, UnitPrice: p.Price}
	}
	return lines, v.Err()
}

// asFieldError names the uploads' refusal of a photo by the request's field.
func asFieldError(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || len(f.Fields) == 0 {
		return err
	}
	var msg string
	for _, m := range f.Fields {
		msg = m
	}
	return fault.Validation(map[string]string{field: msg})
}
