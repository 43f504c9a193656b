package depottest

import (
	"context"
	"fmt"
	"sync"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/rma/rma"
)

// Labels is an in-memory depot.ReturnLabels: tracking numbers RET000001…, the RMAs it was asked
// for, what was discarded, and Fail to make the carrier refuse.
type Labels struct {
	mu        sync.Mutex
	Issued    []rma.RMA
	Discarded []depot.ReturnLabel
	// Fail, when set, is what IssueReturn answers instead of a label.
	Fail error
}

func (l *Labels) IssueReturn(_ context.Context, rec rma.RMA) (depot.ReturnLabel, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.Fail != nil {
		return depot.ReturnLabel{}, l.Fail
	}
	l.Issued = append(l.Issued, rec)
	n := len(l.Issued)
	return depot.ReturnLabel{LabelID: fmt.Sprintf("label%06d", n), TrackingNumber: fmt.Sprintf("RET%06d", n)}, nil
}

func (l *Labels) Discard(_ context.Context, x depot.ReturnLabel) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.Discarded = append(l.Discarded, x)
}
