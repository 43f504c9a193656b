package rma

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Events of a diagnosis and its decision on the timeline.
const (
	// EventDiagnosed is a technician's diagnosis of a received unit.
	EventDiagnosed EventKind = "diagnosed"
	// EventDecision is the customer's decision on a revised quote (or the system's, after
	// DecisionWindow without one).
	EventDecision EventKind = "decision"
	// EventDecisionReminder is a reminder e-mailed about an undecided revised quote.
	EventDecisionReminder EventKind = "decision_reminder"
)

// Diagnoses keeps the technicians' diagnoses and their customers' decisions. Its methods join
// the transaction ctx carries; moves go through the Lifecycle's table of allowed moves.
type Diagnoses struct {
	Store     DiagnosisStore
	Lifecycle *Lifecycle
}

// Record stores d with its timeline event (the technician as actor); the caller moved the RMA.
func (s *Diagnoses) Record(ctx context.Context, d Diagnosis) error {
	if err := s.Store.AddDiagnosis(ctx, d); err != nil {
		return err
	}
	return s.Lifecycle.Store.AddEvent(ctx, Event{
		RMANumber: d.RMANumber, At: d.At, Kind: EventDiagnosed, Actor: d.Actor, Note: d.TechnicianNote, Detail: d.Summary(),
	})
}

// QuoteIssued ties the revised quote issued for the RMA's recorded diagnosis to it.
func (s *Diagnoses) QuoteIssued(ctx context.Context, number, quoteID string) error {
	return s.Store.SetQuote(ctx, number, quoteID)
}

// Summary is the diagnosis in one line, for the timeline.
func (d Diagnosis) Summary() string {
	labels := make([]string, len(d.Findings))
	for i, f := range d.Findings {
		labels[i] = f.Code.Label()
	}
	found := strings.Join(labels, ", ")
	if d.Outcome == OutcomeCovered {
		return "Diagnosed: " + found + "; covered"
	}
	return fmt.Sprintf("Diagnosed: %s; revised quote %s due", found, d.AmountDue)
}

// Of is the RMA's diagnosis for staff, whoever owns it; nil when it has none.
func (s *Diagnoses) Of(ctx context.Context, number string) (*Diagnosis, error) {
	d, ok, err := s.Store.Diagnosis(ctx, number)
	if err != nil || !ok {
		return nil, err
	}
	return &d, nil
}

// OfOwner is owner's RMA's diagnosis; nil when it has none, and another owner's number answers
// ErrRMANotFound.
func (s *Diagnoses) OfOwner(ctx context.Context, owner, number string) (*Diagnosis, error) {
	if _, err := s.Lifecycle.Store.RMAByNumber(ctx, owner, number); err != nil {
		return nil, err
	}
	return s.Of(ctx, number)
}

// Pending locks owner's RMA for a decision and returns it with its diagnosis: another owner's
// number answers ErrRMANotFound, an RMA never diagnosed ErrNoDecisionPending. Whether the
// diagnosis awaits a decision is the caller's to ask (Diagnosis.Awaits, ApprovedByCard).
func (s *Diagnoses) Pending(ctx context.Context, owner, number string) (RMA, Diagnosis, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	rec, d, err := s.Locked(ctx, number)
	if errors.Is(err, ErrNoDecisionPending) && rec.Owner != owner {
		// Never diagnosed: another's RMA still answers as an unknown one.
		return RMA{}, Diagnosis{}, ErrRMANotFound
	}
	if err != nil {
		return RMA{}, Diagnosis{}, err
	}
	if owner == "" || rec.Owner != owner {
		return RMA{}, Diagnosis{}, ErrRMANotFound
	}
	return rec, d, nil
}

// Decide records dec on rec's undecided diagnosis (rec locked by Pending in the caller's
// transaction) with its timeline event, then moves rec to `to` ("" keeps it pending: an
// approval paid by card) with note as the move's note, which the status e-mail carries; a
// decision that moves nothing e-mails note itself. A concurrent decision that came first answers
// ErrNoDecisionPending.
func (s *Diagnoses) Decide(ctx context.Context, rec *RMA, dec Decision, to Status, note string) error {
	won, err := s.Store.SetDecision(ctx, rec.Number, dec)
	if err != nil {
		return err
	}
	if !won {
		return ErrNoDecisionPending
	}
	err = s.Lifecycle.Store.AddEvent(ctx, Event{RMANumber: rec.Number, At: dec.At, Kind: EventDecision, Actor: dec.Actor, Detail: decisionDetail(dec)})
	if err != nil {
		return err
	}
	if to == "" {
		return s.Lifecycle.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+": your decision is on record", decisionText(*rec, note))
	}
	if err := s.Lifecycle.move(ctx, rec, Advance{Number: rec.Number, Status: to, Actor: dec.Actor, Note: note}); err != nil {
		return err
	}
	s.Lifecycle.ended(ctx, *rec)
	return nil
}

// QuotePaid marks paid the decision whose revised quote or return fee quoteID is: paying a
// revised quote nobody decided on yet approves it.
func (s *Diagnoses) QuotePaid(ctx context.Context, quoteID string) error {
	return s.Store.DecisionPaid(ctx, quoteID, s.Lifecycle.Now().UTC())
}

// DueDecisions lists the revised quotes due at now for a reminder or, past DecideBy, for their
// return unrepaired, oldest first.
func (s *Diagnoses) DueDecisions(ctx context.Context, now time.Time, limit int) ([]Diagnosis, error) {
	return s.Store.DueDecisions(ctx, now, limit)
}

// Locked locks the RMA number, whoever owns it, for the system's decision, and returns it with
// its diagnosis; an RMA never diagnosed answers ErrNoDecisionPending with the RMA.
func (s *Diagnoses) Locked(ctx context.Context, number string) (RMA, Diagnosis, error) {
	rec, err := s.Lifecycle.Store.LockRMA(ctx, number)
	if err != nil {
		return RMA{}, Diagnosis{}, err
	}
	d, ok, err := s.Store.Diagnosis(ctx, rec.Number)
	if err != nil {
		return RMA{}, Diagnosis{}, err
	}
	if !ok {
		return rec, Diagnosis{}, ErrNoDecisionPending
	}
	return rec, d, nil
}

// Remind e-mails the customer of d's undecided quote its reminder number n (1 or 2) with its
// timeline event, once: of processes racing for the same reminder one sends it, and it answers
// whether this call did. decideURL is the page where the customer decides.
func (s *Diagnoses) Remind(ctx context.Context, d Diagnosis, n int, decideURL string) (bool, error) {
	var sent bool
	err := s.Lifecycle.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := s.Lifecycle.Store.LockRMA(ctx, d.RMANumber)
		if err != nil {
			return err
		}
		cur, ok, err := s.Store.Diagnosis(ctx, d.RMANumber)
		if err != nil || !ok || !cur.Awaits(rec) || cur.Reminders >= n {
			return err
		}
		if sent, err = s.Store.SetReminders(ctx, d.RMANumber, cur.Reminders, n); err != nil || !sent {
			return err
		}
		now := s.Lifecycle.Now().UTC()
		err = s.Lifecycle.Store.AddEvent(ctx, Event{RMANumber: rec.Number, At: now, Kind: EventDecisionReminder, Actor: ActorSystem,
			Detail: fmt.Sprintf("Reminder %d of the revised quote e-mailed", n)})
		if err != nil {
			return err
		}
		return s.Lifecycle.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+": your decision on the quote is needed", reminderText(rec, cur, decideURL))
	})
	return sent && err == nil, err
}

func decisionDetail(d Decision) string {
	switch d.Choice {
	case ChoiceApprove:
		if d.PaymentMethod == DecisionByPO {
			return "Repair approved, paid by purchase order"
		}
		return "Repair approved, to be paid by card"
	case ChoiceReturnUnrepaired:
		if d.Actor == ActorSystem {
			return "No decision within 30 days: the unit returns unrepaired"
		}
		return "Return unrepaired chosen"
	default:
		return "Recycling chosen"
	}
}

func decisionText(rec RMA, note string) string {
	return fmt.Sprintf("Hello %s,\n\n%s\n\nThank you,\nRugged Devices Service\n", rec.Contact.FirstName, note)
}

func reminderText(rec RMA, d Diagnosis, decideURL string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\nthe quote for unit %s of RMA %s still waits for your decision.\n", rec.Contact.FirstName, rec.Serial, rec.Number)
	fmt.Fprintf(&b, "Repair: %s. Return unrepaired: %s. Recycle: free of charge.\n", d.AmountDue, d.ReturnFee)
	b.WriteString("Nothing is charged before you decide.\n")
	if d.DecideBy != nil {
		fmt.Fprintf(&b, "Without a decision by %s the unit is returned to you unrepaired.\n", d.DecideBy.Format("Jan 2 2006"))
	}
	fmt.Fprintf(&b, "\nDecide here (sign in first):\n%s\n\nThank you,\nRugged Devices Service\n", decideURL)
	return b.String()
}
