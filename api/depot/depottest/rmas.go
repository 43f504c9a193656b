package depottest

import (
	"context"
	"sync"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// RMAs is an in-memory depot.RMAs, depot.Mover and depot.Records: the RMAs by number, moved by
// the lifecycle's table of allowed moves, each move on its timeline.
type RMAs struct {
	mu       sync.Mutex
	ByNumber map[string]rma.RMA
	// Events are the timelines by RMA number; Units the units by serial.
	Events map[string][]rma.Event
	Units  map[string]rma.Unit
	// Work is the repair work recorded without a move, by RMA number.
	Work map[string][]rma.RepairWork
}

// NewRMAs knows the given RMAs.
func NewRMAs(rmas ...rma.RMA) *RMAs {
	r := &RMAs{ByNumber: map[string]rma.RMA{}, Events: map[string][]rma.Event{}, Units: map[string]rma.Unit{}, Work: map[string][]rma.RepairWork{}}
	for _, x := range rmas {
		r.ByNumber[x.Number] = x
	}
	return r
}

// LockRMA answers the RMA, or rma.ErrRMANotFound.
func (r *RMAs) LockRMA(_ context.Context, number string) (rma.RMA, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	x, ok := r.ByNumber[number]
	if !ok {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	return x, nil
}

// Advance moves the RMA when the table allows it, else rma.ErrBadTransition.
func (r *RMAs) Advance(_ context.Context, a rma.Advance) (rma.RMA, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	x, ok := r.ByNumber[a.Number]
	if !ok {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	if !rma.CanMove(x.Type, x.Status, a.Status) {
		return rma.RMA{}, rma.ErrBadTransition
	}
	if r.Events == nil {
		r.Events = map[string][]rma.Event{}
	}
	r.Events[a.Number] = append(r.Events[a.Number], rma.Event{RMANumber: a.Number, At: time.Now().UTC(), Kind: rma.MoveEvent(x.Status, a.Status),
		Status: a.Status, Actor: a.Actor, Note: a.Note, Detail: rma.MovedDetail(x.Status, a.Status)})
	x.Status = a.Status
	if a.ReturnTracking != "" {
		x.ReturnTrackingNumber = a.ReturnTracking
	}
	r.ByNumber[a.Number] = x
	return x, nil
}

// RecordWork keeps w for a REPAIRING RMA, else rma.ErrBadTransition.
func (r *RMAs) RecordWork(_ context.Context, number, actor string, w rma.RepairWork) (rma.RMA, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	x, ok := r.ByNumber[number]
	if !ok {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	if x.Status != rma.StatusRepairing {
		return rma.RMA{}, rma.ErrBadTransition
	}
	w.Actor, w.Status = actor, x.Status
	if r.Work == nil {
		r.Work = map[string][]rma.RepairWork{}
	}
	r.Work[number] = append(r.Work[number], w)
	return x, nil
}

// RMAForStaff answers the RMA, or rma.ErrRMANotFound.
func (r *RMAs) RMAForStaff(ctx context.Context, number string) (rma.RMA, error) {
	return r.LockRMA(ctx, number)
}

// Timeline answers the RMA's events, oldest first.
func (r *RMAs) Timeline(_ context.Context, number string) ([]rma.Event, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]rma.Event(nil), r.Events[number]...), nil
}

// UnitBySerial answers the unit, or rma.ErrUnitNotFound.
func (r *RMAs) UnitBySerial(_ context.Context, serial string) (rma.Unit, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	u, ok := r.Units[serial]
	if !ok {
		return rma.Unit{}, rma.ErrUnitNotFound
	}
	return u, nil
}
