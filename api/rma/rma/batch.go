package rma

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/fault"
)

// BatchMember says which fleet batch an RMA is created in (issue 30).
type BatchMember struct {
	// BatchID is the batch's id, "BT-" and 8 characters.
	BatchID string
	// PaidBy is the batch's combined quote that paid an out-of-warranty row; "" for in-warranty
	// and override rows.
	PaidBy string
	// NoCharge is an out-of-warranty row that costs nothing after the customer's discount (a
	// 100 % discount): there is no quote to pay, and none is asked for.
	NoCharge bool
}

// BoxAssignment puts a batch's RMA in one of its boxes: the box's tracking number becomes the
// RMA's inbound one ("" for boxes the depot sends, which have no label of the customer's).
type BoxAssignment struct {
	RMANumber      string
	Box            int
	TrackingNumber string
}

// BatchStore is what a fleet batch asks of its RMAs once they exist. Every method joins the
// transaction its ctx carries.
type BatchStore interface {
	// AssignBatchBoxes records each RMA's box and inbound tracking number.
	AssignBatchBoxes(ctx context.Context, boxes []BoxAssignment) error
	// StatusesByNumbers answers the status of each of numbers that exists.
	StatusesByNumbers(ctx context.Context, numbers []string) (map[string]Status, error)
}

// batchIDLen is a batch id's length: "BT-" and 8 characters of Crockford base32 (the column's).
const batchIDLen = 11

// MsgBatchRepairsOnly refuses an RMA type a batch does not create: a batch's rows are repairs.
const MsgBatchRepairsOnly = "Only REPAIR requests can be created in a batch"

// CreateInBatch creates one row's RMA of batch m in its own transaction, under every rule of
// one RMA (spec §5, in the same faults and messages: the unit's refusals, the problem step with
// the acknowledgements the batch gives in r.Problem.Permissions, the contact, the address and
// its packaging rule, the carrier's check of the address) but the photos, which a batch's rows
// do not carry. Owner, organization and opener come from r. It is idempotent by
// r.IdempotencyKey, which is required: a repeated key answers the RMA it created, and of
// concurrent calls with one key exactly one creates it. An out-of-warranty unit without the
// override needs m.PaidBy or m.NoCharge (else ErrPaymentRequired); it opens awaiting its unit like the others,
// with a timeline event naming the quote. The RMA ships in its batch's box (ShipBatch): no label,
// no label retries and no e-mail of its own. Its timeline says 'Created in batch BT-…'. It joins
// the transaction ctx carries (the batch's worker records its row in the same one), so it does
// not run Opened: the caller runs c.Opened(ctx, rec) once its transaction committed, and the
// unit's cache is never dropped nor the creation counted for an RMA that rolled back.
func (c *Creator) CreateInBatch(ctx context.Context, r CreateRequest, m BatchMember) (RMA, error) {
	r.Trim()
	m.BatchID, m.PaidBy = strings.TrimSpace(m.BatchID), strings.TrimSpace(m.PaidBy)
	if !strings.HasPrefix(m.BatchID, "BT-") || len(m.BatchID) != batchIDLen {
		return RMA{}, fmt.Errorf("rma: batch id %q is not a batch's", m.BatchID)
	}
	if r.IdempotencyKey.IsZero() {
		// Without a key a retried row could create a second RMA.
		return RMA{}, errors.New("rma: an RMA of a batch needs its idempotency key")
	}
	if created, ok, err := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || err != nil {
		return created.RMA, err
	}
	rec, err := c.createInBatch(ctx, r, m)
	if err != nil {
		// A concurrent call with the same key may have created the RMA meanwhile (and so made
		// this one find the unit taken): then its RMA is the answer.
		if prior, ok, perr := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || perr != nil {
			return prior.RMA, perr
		}
		return RMA{}, err
	}
	return rec, nil
}

func (c *Creator) createInBatch(ctx context.Context, r CreateRequest, m BatchMember) (RMA, error) {
	if r.RMAType != DefaultRMAType {
		return RMA{}, fault.Validation(map[string]string{"rmaInput.rmaType": MsgBatchRepairsOnly})
	}
	unit, err := c.unitForNewRMA(ctx, r.Serial, r.RMAType)
	if err != nil {
		return RMA{}, err
	}
	paid := c.needsPayment(unit)
	if paid && m.PaidBy == "" && !m.NoCharge {
		return RMA{}, ErrPaymentRequired
	}
	p, err := c.prepare(ctx, r, unit, StatusAwaitingUnit, m.BatchID)
	if err != nil {
		return RMA{}, err
	}
	rec := p.RMA
	err = c.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := c.insert(ctx, &rec, unit, r.IdempotencyKey); err != nil {
			return err
		}
		if !paid || m.PaidBy == "" {
			return nil
		}
		e := c.event(rec.Number, EventPaidByBatchQuote, "", ActorSystem, PaidByBatchDetail(m.BatchID, m.PaidBy))
		e.Note = e.Detail
		return c.Store.AddEvent(ctx, e)
	})
	if errors.Is(err, ErrDuplicateRequest) {
		// A concurrent call with the same key won the race: answer with its RMA.
		created, _, perr := c.prior(ctx, rec.Owner, r.IdempotencyKey)
		return created.RMA, perr
	}
	if err != nil {
		return RMA{}, err
	}
	return rec, nil
}
