package repair

import (
	"context"

	"rugged.example/portal/api/pkg/sweep"
	"rugged.example/portal/api/rma/rma"
)

// decisionBatch is how many due revised quotes one pass of the sweeper reads at a time.
const decisionBatch = 50

// SweepDecisions reminds customers of the revised quotes they have not decided (after 3 and after
// 7 days: rma.ReminderAfter, each once, the latest owed only) and returns unrepaired, as the
// system and with no fee, every unit whose quote went undecided (or approved by card and unpaid)
// for 30 days, its quote cancelled. Every process may run it at once: a reminder is counted on its
// diagnosis under a conditional update, and a return moves the RMA under its row lock. It answers
// how many reminders and returns it made.
func (s *Service) SweepDecisions(ctx context.Context) (int, error) {
	now := s.d.Now()
	return sweep.Pass(ctx, decisionBatch,
		func(ctx context.Context, limit int) ([]rma.Diagnosis, error) {
			return s.d.Decisions.DueDecisions(ctx, now, limit)
		},
		func(ctx context.Context, d rma.Diagnosis) (bool, error) {
			if d.DecideBy != nil && !now.Before(*d.DecideBy) {
				return s.returnLapsed(ctx, d.RMANumber)
			}
			return s.d.Decisions.Remind(ctx, d, d.RemindersDue(now), s.d.ServiceQuotes.DecisionLink(d.RMANumber))
		})
}

// returnLapsed returns number's unit unrepaired if its quote lapsed: the quote cancelled, the
// system's decision with its event, the move and the customer's e-mail in one transaction. One
// decided or moved meanwhile is left as it is.
func (s *Service) returnLapsed(ctx context.Context, number string) (bool, error) {
	var moved bool
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, d, err := s.d.Decisions.Locked(ctx, number)
		now := s.d.Now().UTC()
		if err != nil || !d.Lapsed(rec, now) {
			return err
		}
		if err := s.d.ServiceQuotes.Cancel(ctx, d.QuoteID); err != nil {
			return err
		}
		dec := rma.Decision{Choice: rma.ChoiceReturnUnrepaired, At: now, Actor: rma.ActorSystem}
		note := "We had no decision on the quote within 30 days, so the unit is returned to you unrepaired, free of charge."
		if err := s.d.Decisions.Decide(ctx, &rec, dec, rma.StatusReturnUnrepaired, note); err != nil {
			return err
		}
		moved = true
		return nil
	})
	if err != nil {
		return false, err
	}
	if moved {
		s.d.Log.InfoContext(ctx, "undecided revised quote lapsed; the unit returns unrepaired", "rma", number)
	}
	return moved, nil
}
