package depot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// ActionRepair is the audit's name of recorded repair work.
const ActionRepair Action = "repair"

// Limits of the QA checklist.
const (
	QAChecksMax = 20
	QACheckMax  = 100
)

// Messages of a repair's fields.
const (
	MsgQARequired = "Record the QA checklist"
	MsgQAFailed   = "Every QA check must pass before the repair is recorded"
)

var (
	// ErrAwaitsDecision refuses work on an RMA whose revised quote the customer has not decided.
	ErrAwaitsDecision = fault.New(fault.KindConflict, "depot.awaitsDecision",
		"This RMA waits for the customer's decision on its quote: no work before it is on record.")
	// ErrNotRepairable refuses work on an RMA that is not received, or is repaired already.
	ErrNotRepairable = fault.New(fault.KindConflict, "depot.notRepairable",
		"This RMA's unit is not at the depot awaiting repair.")
)

// QACheck is one line of the QA checklist.
type QACheck struct {
	Check  string
	Passed bool
}

// RepairRequest is covered work done on a received unit.
type RepairRequest struct {
	Number          string
	PartsReplaced   string
	WorkPerformed   string
	TechnicianNotes string
	QA              []QACheck
}

func (r *RepairRequest) trim() {
	r.Number = strings.ToUpper(strings.TrimSpace(r.Number))
	for _, s := range []*string{&r.PartsReplaced, &r.WorkPerformed, &r.TechnicianNotes} {
		*s = strings.TrimSpace(*s)
	}
	for i := range r.QA {
		r.QA[i].Check = strings.TrimSpace(r.QA[i].Check)
	}
}

func (r RepairRequest) validate() error {
	var v validate.Errors
	v.Required("workPerformed", r.WorkPerformed)
	v.MaxLen("workPerformed", r.WorkPerformed, rma.WorkFieldMax)
	v.MaxLen("partsReplaced", r.PartsReplaced, rma.WorkFieldMax)
	v.MaxLen("technicianNotes", r.TechnicianNotes, rma.WorkFieldMax)
	switch {
	case len(r.QA) == 0:
		v.Add("qa", MsgQARequired)
	case len(r.QA) > QAChecksMax:
		v.Add("qa", fmt.Sprintf("Record at most %d checks", QAChecksMax))
	}
	for _, c := range r.QA {
		switch {
		case c.Check == "":
			v.Add("qa", MsgQARequired)
		case len(c.Check) > QACheckMax:
			v.Add("qa", validate.MaxLength(QACheckMax))
		case !c.Passed:
			v.Add("qa", MsgQAFailed)
		}
	}
	return v.Err()
}

// RepairRecord is the repair staff recorded on a unit, with its QA checklist: a repaired unit
// ships back only once it has one.
type RepairRecord struct {
	RMANumber     string
	PartsReplaced string
	WorkPerformed string
	QA            []QACheck
	Actor         string
	At            time.Time
}

// Repair records covered work on a received unit and moves its RMA to REPAIRING through the
// table of allowed moves (received units pass through DIAGNOSING: the work was found covered),
// with the work, the QA checklist in the technician's notes, the customer's e-mail and the
// audit row in one transaction. On an RMA a paid quote moved to REPAIRING it records the work
// and the QA without a move. An RMA whose quote awaits the customer's decision answers
// ErrAwaitsDecision; one elsewhere (repair recorded already included) ErrNotRepairable.
func (s *Service) Repair(ctx context.Context, who Staff, req RepairRequest) (rma.RMA, error) {
	req.trim()
	if err := req.validate(); err != nil {
		return rma.RMA{}, err
	}
	var moved rma.RMA
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := s.RMAs.LockRMA(ctx, req.Number)
		if err != nil {
			return err
		}
		work := rma.RepairWork{PartsReplaced: req.PartsReplaced, WorkPerformed: req.WorkPerformed, TechnicianNotes: notesWithQA(req)}
		switch rec.Status {
		case rma.StatusQuotePending:
			return ErrAwaitsDecision
		case rma.StatusReceived:
			if _, err := s.Mover.Advance(ctx, rma.Advance{Number: rec.Number, Status: rma.StatusDiagnosing, Actor: who.Subject, Note: "Diagnosed: covered repair"}); err != nil {
				return notRepairable(err)
			}
		case rma.StatusDiagnosing:
		case rma.StatusRepairing:
			// A paid quote moved it here: the work is recorded once, without a move.
			if _, done, err := s.Store.RepairOf(ctx, rec.Number); err != nil || done {
				return errOr(err, ErrNotRepairable)
			}
			if moved, err = s.Mover.RecordWork(ctx, rec.Number, who.Subject, work); err != nil {
				return notRepairable(err)
			}
			return s.recordRepair(ctx, who, rec, req)
		default:
			return ErrNotRepairable
		}
		if moved, err = s.Mover.Advance(ctx, rma.Advance{Number: rec.Number, Status: rma.StatusRepairing, Actor: who.Subject, Work: work}); err != nil {
			return notRepairable(err)
		}
		return s.recordRepair(ctx, who, rec, req)
	})
	return moved, err
}

// errOr is err, or orElse when err is nil.
func errOr(err, orElse error) error {
	if err != nil {
		return err
	}
	return orElse
}

// recordRepair keeps the repair with its QA checklist and its audit row.
func (s *Service) recordRepair(ctx context.Context, who Staff, rec rma.RMA, req RepairRequest) error {
	now := s.Now().UTC()
	err := s.Store.AddRepair(ctx, RepairRecord{RMANumber: rec.Number, PartsReplaced: req.PartsReplaced, WorkPerformed: req.WorkPerformed, QA: req.QA, Actor: who.Subject, At: now})
	if err != nil {
		return err
	}
	return s.Store.AddAudit(ctx, AuditEntry{
		At: now, Actor: who.Subject, ActorEmail: who.Email, Action: ActionRepair, RMANumber: rec.Number,
		From: rec.Status, To: rma.StatusRepairing, Detail: truncate("Work: "+req.WorkPerformed, DetailMax),
	})
}

func notRepairable(err error) error {
	if errors.Is(err, rma.ErrBadTransition) {
		return ErrNotRepairable
	}
	return err
}

// notesWithQA keeps the QA checklist with the technician's notes on the RMA's repair work.
func notesWithQA(req RepairRequest) string {
	var b strings.Builder
	b.WriteString(req.TechnicianNotes)
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	b.WriteString("QA passed:")
	for _, c := range req.QA {
		b.WriteString(" " + c.Check + ";")
	}
	return truncate(b.String(), rma.WorkFieldMax)
}

// truncate keeps the first n characters of s (whole runes).
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
