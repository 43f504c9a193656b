package depottest

import (
	"context"
	"sync"

	"rugged.example/portal/api/rma/rma"
)

// RMAs is an in-memory depot.RMAs and depot.Mover: the RMAs by number, moved by the lifecycle's
// table of allowed moves.
type RMAs struct {
	mu       sync.Mutex
	ByNumber map[string]rma.RMA
}

// NewRMAs knows the given RMAs.
func NewRMAs(rmas ...rma.RMA) *RMAs {
	r := &RMAs{ByNumber: map[string]rma.RMA{}}
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
	x.Status = a.Status
	if a.ReturnTracking != "" {
		x.ReturnTrackingNumber = a.ReturnTracking
	}
	r.ByNumber[a.Number] = x
	return x, nil
}
