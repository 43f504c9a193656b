package repair

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Decisions are the rma capability's diagnoses with their customers' decisions (rma.Diagnoses);
// Pending and Decide join the transaction ctx carries.
type Decisions interface {
	Pending(ctx context.Context, owner, number string) (rma.RMA, rma.Diagnosis, error)
	Locked(ctx context.Context, number string) (rma.RMA, rma.Diagnosis, error)
	Decide(ctx context.Context, rec *rma.RMA, dec rma.Decision, to rma.Status, note string) error
	DueDecisions(ctx context.Context, now time.Time, limit int) ([]rma.Diagnosis, error)
	Remind(ctx context.Context, d rma.Diagnosis, n int, decideURL string) (bool, error)
}

// ServiceQuotes are the payments capability's service quotes a decision settles; the methods
// said to join the transaction write in the one ctx carries.
type ServiceQuotes interface {
	// CardLink is the hosted card page of the service quote id.
	CardLink(ctx context.Context, id string) (string, error)
	// AcceptPurchaseOrder settles the service quote id by purchase order customerPO; joins the
	// transaction.
	AcceptPurchaseOrder(ctx context.Context, id, customerPO string) error
	// Cancel cancels the open service quote id (one cancelled or expired already stays so);
	// joins the transaction.
	Cancel(ctx context.Context, id string) error
	// IssueReturnFee issues the fee of returning rmaNumber's unit unrepaired as a service quote
	// and answers its id and card page; joins the transaction.
	IssueReturnFee(ctx context.Context, rmaNumber string, fee money.Money) (id, link string, err error)
	// DecisionLink is the page where the customer decides on rmaNumber's revised quote.
	DecisionLink(rmaNumber string) string
}

// DecisionRequest is the customer's decision on a revised quote.
type DecisionRequest struct {
	Number string
	Choice rma.Choice
	// Payment is how an approval is paid: Method DecisionByCard or DecisionByPO (as rma names
	// them), with the purchase order's number and file for a PO.
	Method, CustomerPO, CustomerPOFileID string
}

// Decided is where a decision left the RMA, with the page to pay on ("" for none).
type Decided struct {
	Status     rma.Status
	PaymentURL string
}

// FieldChoice is the decision's choice, as the browser names it.
const FieldChoice = "choice"

func (r *DecisionRequest) trim() {
	r.Number = strings.ToUpper(strings.TrimSpace(r.Number))
	r.Choice = rma.Choice(strings.ToUpper(strings.TrimSpace(string(r.Choice))))
	r.Method = strings.ToUpper(strings.TrimSpace(r.Method))
	r.CustomerPO, r.CustomerPOFileID = strings.TrimSpace(r.CustomerPO), strings.TrimSpace(r.CustomerPOFileID)
}

// validate applies the choice's rules; an approval by PO is held to spec §5 "PO payment" exactly
// as the out-of-warranty path is.
func (s *Service) validateDecision(c Customer, r DecisionRequest) error {
	var v validate.Errors
	if !r.Choice.Known() {
		v.Add(FieldChoice, validate.MsgRequired)
		return v.Err()
	}
	if r.Choice != rma.ChoiceApprove {
		return nil
	}
	switch r.Method {
	case rma.DecisionByCard:
	case rma.DecisionByPO:
		if !c.MayPayByPO {
			return payments.ErrPONotAllowed
		}
		s.poRules().Validate(&v, c.Email, r.CustomerPO, r.CustomerPOFileID)
	default:
		v.Add(payments.FieldPaymentMethod, validate.MsgRequired)
	}
	return v.Err()
}

// Decide records c's decision on the revised quote of their RMA, each choice in one
// transaction: an approval by card is recorded and answers the quote's card page (paying moves
// the RMA to REPAIRING); an approval by purchase order settles the quote, claims the PO file and
// moves QUOTE_PENDING → REPAIRING; a return unrepaired cancels the quote, issues the return fee
// (paid from Your account, it does not hold the unit back) and moves to RETURN_UNREPAIRED; a
// recycling cancels the quote and moves to RECYCLED. The move's e-mail confirms the decision.
// Another's RMA answers rma.ErrRMANotFound; one without a quote awaiting a decision
// rma.ErrNoDecisionPending, but for an approval by card asked again while unpaid, which answers
// the same card page.
func (s *Service) Decide(ctx context.Context, c Customer, r DecisionRequest) (Decided, error) {
	r.trim()
	if err := s.validateDecision(c, r); err != nil {
		return Decided{}, err
	}
	var out Decided
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, d, err := s.d.Decisions.Pending(ctx, c.Subject, r.Number)
		if err != nil {
			return err
		}
		byCard := r.Choice == rma.ChoiceApprove && r.Method == rma.DecisionByCard
		if !d.Awaits(rec) {
			if byCard && d.ApprovedByCard(rec) {
				out.Status = rec.Status
				out.PaymentURL, err = s.d.ServiceQuotes.CardLink(ctx, d.QuoteID)
				return err
			}
			return rma.ErrNoDecisionPending
		}
		dec := rma.Decision{Choice: r.Choice, At: s.d.Now().UTC(), Actor: c.Subject}
		switch {
		case byCard:
			dec.PaymentMethod = rma.DecisionByCard
			if out.PaymentURL, err = s.d.ServiceQuotes.CardLink(ctx, d.QuoteID); err != nil {
				return err
			}
			out.Status = rec.Status
			note := fmt.Sprintf("You approved the repair of unit %s (RMA %s) for %s. Pay by card here (sign in first):\n%s\n\nWe start the repair once it is paid.",
				rec.Serial, rec.Number, d.AmountDue, out.PaymentURL)
			return s.d.Decisions.Decide(ctx, &rec, dec, "", note)
		case r.Choice == rma.ChoiceApprove:
			dec.PaymentMethod, dec.Paid = rma.DecisionByPO, true
			if err := s.d.ServiceQuotes.AcceptPurchaseOrder(ctx, d.QuoteID, r.CustomerPO); err != nil {
				return err
			}
			if err := prefixed(s.d.PurchaseOrders.ClaimPurchaseOrder(ctx, c.Subject, r.CustomerPOFileID, rec.Number), payments.FieldPOFile); err != nil {
				return err
			}
			out.Status = rma.StatusRepairing
			note := fmt.Sprintf("You approved the repair for %s, paid by purchase order %s.", d.AmountDue, r.CustomerPO)
			return s.d.Decisions.Decide(ctx, &rec, dec, rma.StatusRepairing, note)
		case r.Choice == rma.ChoiceReturnUnrepaired:
			if err := s.d.ServiceQuotes.Cancel(ctx, d.QuoteID); err != nil {
				return err
			}
			note := "You chose to have the unit returned unrepaired. Nothing is charged for the repair."
			if d.ReturnFee.Cents > 0 {
				if dec.FeeQuoteID, out.PaymentURL, err = s.d.ServiceQuotes.IssueReturnFee(ctx, rec.Number, d.ReturnFee); err != nil {
					return err
				}
				note = fmt.Sprintf("You chose to have the unit returned unrepaired. The return fee of %s is e-mailed separately; pay it by card from Your account:\n%s",
					d.ReturnFee, out.PaymentURL)
			}
			out.Status = rma.StatusReturnUnrepaired
			return s.d.Decisions.Decide(ctx, &rec, dec, rma.StatusReturnUnrepaired, note)
		default:
			if err := s.d.ServiceQuotes.Cancel(ctx, d.QuoteID); err != nil {
				return err
			}
			out.Status = rma.StatusRecycled
			return s.d.Decisions.Decide(ctx, &rec, dec, rma.StatusRecycled, "You chose to have the unit recycled, free of charge. Nothing is shipped back.")
		}
	})
	if err != nil {
		return Decided{}, err
	}
	s.d.Log.InfoContext(ctx, "decision on a revised quote", "rma", r.Number, "choice", string(r.Choice), "status", string(out.Status))
	return out, nil
}
