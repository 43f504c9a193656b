package depottest

import (
	"context"
	"fmt"
	"io"
	"strings"
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

// OpenLabel answers a one-line "PDF" naming the RMA's return tracking.
func (l *Labels) OpenLabel(_ context.Context, rec rma.RMA) (depot.LabelPDF, error) {
	if rec.ReturnTrackingNumber == "" {
		return depot.LabelPDF{}, depot.ErrNoReturnLabel
	}
	body := "%PDF-1.4 return label " + rec.ReturnTrackingNumber
	return depot.LabelPDF{FileName: rec.Number + "-label.pdf", Size: int64(len(body)), Body: io.NopCloser(strings.NewReader(body))}, nil
}
