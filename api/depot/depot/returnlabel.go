package depot

import (
	"context"
	"io"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
)

// ErrNoReturnLabel answers for an RMA that has not shipped back, or whose label is gone.
var ErrNoReturnLabel = fault.New(fault.KindNotFound, "depot.noReturnLabel",
	"This RMA has no return label: it has not shipped back yet.")

// LabelPDF is a return label ready to stream; the caller closes Body.
type LabelPDF struct {
	FileName string
	Size     int64
	Body     io.ReadCloser
}

// ReturnLabelPDF opens the label of the RMA's way back for staff to print and stick on the box:
// the shipping domain keeps it as the customer's document, so staff reach it only through the
// RMA it was issued for (the tracking the ship recorded on it).
func (s *Service) ReturnLabelPDF(ctx context.Context, number string) (LabelPDF, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	if s.Labels == nil {
		return LabelPDF{}, ErrNoReturnLabel
	}
	var rec rma.RMA
	// The lock is held only to read the row; the PDF streams after the transaction.
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		rec, err = s.RMAs.LockRMA(ctx, number)
		return err
	})
	if err != nil {
		return LabelPDF{}, err
	}
	if rec.ReturnTrackingNumber == "" {
		return LabelPDF{}, ErrNoReturnLabel
	}
	return s.Labels.OpenLabel(ctx, rec)
}
