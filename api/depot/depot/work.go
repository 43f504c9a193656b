package depot

import (
	"context"
	"errors"
	"strings"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// Move is what staff may do next to an RMA, as the work page offers it.
type Move string

const (
	MoveReceive  Move = "receive"
	MoveDiagnose Move = "diagnose"
	MoveRepair   Move = "repair"
	MoveShip     Move = "ship"
)

// Work is an RMA as staff need it on its work page.
type Work struct {
	RMA          rma.RMA
	WarrantyType string
	// ReceivedAt is the timeline's move to RECEIVED; nil before the unit arrived.
	ReceivedAt *time.Time
	Receipt    *Receipt
	Diagnosis  *rma.Diagnosis
	Repair     *RepairRecord
	Timeline   []rma.Event
	// Actors names who made each timeline event, by its actor: the customer by name, staff by
	// e-mail, the portal's own doing as the portal.
	Actors map[string]string
	Moves  []Move
}

// Names of the timeline's actors that are no staff member the audit knows.
const (
	ActorPortal        = "Portal"
	ActorServiceCenter = "Service center"
)

// actors names the actors of w's timeline: rec's owner is the customer (by the contact's name),
// "system" the portal; a staff member is named by the e-mail their audit rows carry, and staff
// who moved the RMA before the depot audited (an administrator's advance) as the service center.
func (s *Service) actors(ctx context.Context, rec rma.RMA, timeline []rma.Event) (map[string]string, error) {
	emails, err := s.Store.StaffEmails(ctx, rec.Number)
	if err != nil {
		return nil, err
	}
	customer := strings.TrimSpace(rec.Contact.FirstName + " " + rec.Contact.LastName)
	if customer == "" {
		customer = "Customer"
	} else {
		customer += " (customer)"
	}
	names := map[string]string{}
	for _, e := range timeline {
		switch {
		case e.Actor == rec.Owner:
			names[e.Actor] = customer
		case e.Actor == rma.ActorSystem:
			names[e.Actor] = ActorPortal
		case emails[e.Actor] != "":
			names[e.Actor] = emails[e.Actor]
		default:
			names[e.Actor] = ActorServiceCenter
		}
	}
	return names, nil
}

// Work reads the RMA number, whoever owns it, with its receipt, diagnosis, repair and timeline
// and the moves staff may make next; an unknown number answers rma.ErrRMANotFound.
func (s *Service) Work(ctx context.Context, number string) (Work, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	rec, err := s.Records.RMAForStaff(ctx, number)
	if err != nil {
		return Work{}, err
	}
	w := Work{RMA: rec}
	unit, err := s.Records.UnitBySerial(ctx, rec.Serial)
	switch {
	case err == nil:
		w.WarrantyType = unit.WarrantyType
	case !errors.Is(err, rma.ErrUnitNotFound):
		return Work{}, err
	}
	if w.Timeline, err = s.Records.Timeline(ctx, rec.Number); err != nil {
		return Work{}, err
	}
	if w.Actors, err = s.actors(ctx, rec, w.Timeline); err != nil {
		return Work{}, err
	}
	for _, e := range w.Timeline {
		if e.Status == rma.StatusReceived {
			at := e.At.UTC()
			w.ReceivedAt = &at
		}
	}
	if r, ok, err := s.Store.Receipt(ctx, rec.Number); err != nil {
		return Work{}, err
	} else if ok {
		w.Receipt = &r
	}
	if r, ok, err := s.Store.RepairOf(ctx, rec.Number); err != nil {
		return Work{}, err
	} else if ok {
		w.Repair = &r
	}
	if w.Diagnosis, err = s.Diagnoses.Of(ctx, rec.Number); err != nil {
		return Work{}, err
	}
	w.Moves = movesOf(rec, w.Repair != nil)
	return w, nil
}

// movesOf are the depot's next steps for rec: receive a unit awaited, diagnose a received one,
// repair covered or paid work (once), ship a repaired unit or one returning unrepaired.
func movesOf(rec rma.RMA, repaired bool) []Move {
	switch rec.Status {
	case rma.StatusAwaitingUnit:
		return []Move{MoveReceive}
	case rma.StatusReceived:
		if rma.IsRecycle(rec.Type) {
			return []Move{}
		}
		return []Move{MoveDiagnose}
	case rma.StatusDiagnosing:
		return []Move{MoveRepair}
	case rma.StatusRepairing:
		if repaired {
			return []Move{MoveShip}
		}
		return []Move{MoveRepair}
	case rma.StatusReturnUnrepaired:
		return []Move{MoveShip}
	}
	return []Move{}
}
