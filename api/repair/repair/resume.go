package repair

import (
	"context"
	"strings"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// A customer who leaves the provider's page without paying (the browser's Back button, a closed
// tab) comes back to an RMA that still awaits its payment and holds its unit. Wherever they come
// back to (the create-rma page of the unit, Your RMAs, the provider's return), they can pay it
// (ResumePayment) or cancel it (Cancel); one nobody comes back to is cancelled by the sweeper
// (CancelAbandoned).

// PendingPayment is an RMA awaiting its payment, as its customer finds it again.
type PendingPayment struct {
	RMA     rma.RMA
	QuoteID string
	// Amount is what paying it takes: its quote's amount.
	Amount money.Money
}

// AwaitingPayment answers owner's RMA that awaits its payment and holds the unit serial, with
// its amount, so the unit's create-rma page offers to pay or cancel it instead of a dead end.
// A free unit, another customer's RMA or an RMA past its payment answers rma.ErrRMANotFound.
func (s *Service) AwaitingPayment(ctx context.Context, owner string, serial rma.Serial) (PendingPayment, error) {
	rec, err := s.d.RMAs.AwaitingPayment(ctx, owner, serial)
	if err != nil {
		return PendingPayment{}, err
	}
	q, err := s.d.Payments.QuoteOfRMA(ctx, owner, rec.Number)
	if err != nil {
		return PendingPayment{}, err
	}
	return PendingPayment{RMA: rec, QuoteID: q.ID, Amount: q.Amount}, nil
}

// ResumePayment starts paying owner's RMA number again: its abandon clock restarts, and the
// answer carries the approve link of its PayPal order (the quote's one order, approved again),
// whose return processes the RMA as after the first attempt. An RMA that is paid already answers
// without a link (the caller processes it); a cancelled one rma.ErrRMACancelled; another
// owner's rma.ErrRMANotFound.
func (s *Service) ResumePayment(ctx context.Context, owner, number string) (Result, error) {
	rec, err := s.d.RMAs.RenewPaymentAttempt(ctx, owner, strings.TrimSpace(number))
	if err != nil {
		return Result{}, err
	}
	return s.answerFor(ctx, rec)
}
