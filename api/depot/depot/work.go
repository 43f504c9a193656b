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
	Moves      []Move
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
